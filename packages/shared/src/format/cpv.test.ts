import { describe, expect, it } from 'vitest';
import { formatCpv } from './index.ts';

describe('formatCpv: a CPV code shows with its label', () => {
  it('joins the code and the label with a middle dot', () => {
    expect(formatCpv({ code: '45261910', label: 'Roof repair' })).toBe('45261910 · Roof repair');
  });
  it('shows the bare code when the vocabulary has no label', () => {
    expect(formatCpv({ code: '99999999', label: '' })).toBe('99999999');
    expect(formatCpv({ code: '45000000' })).toBe('45000000');
  });
});
