import { describe, expect, it } from 'vitest';
import { divisionLed, votesOf } from './engine.ts';
import type { CandidateRow } from './engine.repository.ts';

/**
 * The text hits' vote on what a query means (docs/search.md, "Query understanding") must not depend
 * on the order the candidate rows arrive in: the in-memory index lists them by document, SQL as its
 * plan happens to, and a vote is weighed by the hit's place.
 */
const row = (id: string, bm25: number, category: string, created: number): CandidateRow => ({
  id,
  bm25,
  cpv_codes: null,
  category,
  subcategories: null,
  terms: null,
  title_terms: null,
  created,
});

describe('the text hits’ CPV vote', () => {
  it('is the same whatever order equal-scoring rows arrive in', () => {
    // three listings of the same text (equal BM25) in different categories, and a weaker one
    const rows = [
      row('00000000-0000-4000-8000-000000000001', 4.2, 'timber', 1_795_800_000_000.25),
      row('00000000-0000-4000-8000-000000000002', 4.2, 'roofing', 1_795_800_060_000.5),
      row('00000000-0000-4000-8000-000000000003', 4.2 + 1e-14, 'groundworks', 1_795_800_030_000),
      row('00000000-0000-4000-8000-000000000004', 3.1, 'timber', 1_795_800_090_000),
    ];
    const codeOf: Record<string, string> = { timber: '44191000', roofing: '45261000', groundworks: '45112000' };
    const codesOf = (r: CandidateRow) => [codeOf[r.category!]!];
    const votes = votesOf(rows, codesOf);
    for (const order of [
      [3, 2, 1, 0],
      [1, 3, 0, 2],
      [2, 0, 3, 1],
    ]) {
      const shuffled = order.map((i) => rows[i]!);
      expect(votesOf(shuffled, codesOf).sort((a, b) => (a.code < b.code ? -1 : 1))).toEqual(
        [...votes].sort((a, b) => (a.code < b.code ? -1 : 1)),
      );
    }
    // the newest of the tied rows leads: its class gets the full vote
    expect(votes.find((v) => v.weight === 1)?.code).toBe('45260000');
  });
});

describe('the order of the codes read (divisionLed)', () => {
  const codes = [
    { code: '45261910', label: 'Roof repair', weight: 1 },
    { code: '45261900', label: 'Roof repair and maintenance work', weight: 0.9 },
    { code: '45261000', label: 'Erection and related works of roof frames and coverings', weight: 0.8 },
    { code: '45442100', label: 'Painting work', weight: 0.5 },
    { code: '45310000', label: 'Electrical installation work', weight: 0.4 },
  ];
  it("spreads a notice's places after the lead over CPV groups before a second code of any group", () => {
    const read = divisionLed(codes, [{ division: '45', p: 1 }]);
    expect(read.map((u) => u.code)).toEqual(['45261910', '45442100', '45310000', '45261900', '45261000']);
  });
  it("keeps a query's codes by weight", () => {
    expect(divisionLed(codes).map((u) => u.code)).toEqual(codes.map((u) => u.code));
  });
});
