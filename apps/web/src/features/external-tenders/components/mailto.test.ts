import { describe, expect, it } from 'vitest';
import { mailtoBuyer } from './mailto';

describe("Message buyer: a mailto: link to the notice's buyer", () => {
  it('carries the notice title as the subject, encoded', () => {
    expect(mailtoBuyer('procurement@council.example', 'Roof repairs & gutters: Phase 2?')).toBe(
      'mailto:procurement@council.example?subject=Roof%20repairs%20%26%20gutters%3A%20Phase%202%3F',
    );
  });
});
