import { describe, expect, it } from 'vitest';
import { termsOf, wordsIn } from './pack-text.ts';

describe('a text’s terms, kept per text for every draft that reads it', () => {
  it('reads standards, codes and stemmed words, and answers the same text with the same frozen terms', () => {
    const text = 'Structural steelwork to BS EN 1090-2 EXC2, S355J2 sections, galvanised and delivered to site';
    const terms = termsOf(text);
    expect(terms).toEqual({
      standards: ['BS EN 1090-2'],
      codes: ['EXC2', 'S355J2'],
      words: ['structural', 'steelwork', 'section', 'galvanis', 'deliver', 'site'],
    });
    expect(termsOf(text)).toBe(terms);
    expect(wordsIn(text)).toBe(terms.words);
    // shared by every caller: a caller cannot change what the next one reads
    expect(Object.isFrozen(terms) && Object.isFrozen(terms.words) && Object.isFrozen(terms.codes)).toBe(true);
    expect(() => (terms.words as string[]).push('x')).toThrow(TypeError);
  });
});
