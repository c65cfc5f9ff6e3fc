import { describe, expect, it } from 'vitest';
import { safeCell, toCsv } from './csv.ts';

describe('the CSV writer', () => {
  it('prefixes cells a spreadsheet would run as formulas with a quote, and leaves numbers and text alone', () => {
    for (const s of ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\tx', '\rx', "-2+3+cmd|' /C calc'!A0"])
      expect(safeCell(s)).toBe(`'${s}`);
    for (const s of ['-12.50', '+44', '1,000', '-', 'Steel £185,000', '', 'a=b']) expect(safeCell(s)).toBe(s);
    expect(safeCell(null)).toBe('');
  });

  it('starts with a UTF-8 BOM', () => {
    expect(Buffer.from(toCsv(['a'], [['£1']])).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
