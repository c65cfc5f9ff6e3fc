import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, prefixPattern } from './like.ts';

describe('LIKE patterns from user text', () => {
  it('% and _ in the text match only themselves, and the backslash is escaped first', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(prefixPattern('roof%')).toBe('roof\\%%');
  });
});
