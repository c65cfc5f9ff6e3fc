import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTemplateDatabase } from '../../../../test/harness.ts';
import { connect, type Database } from '../../../db/client.ts';
import { runSearchEval, type SearchEvalReport } from './search-eval.ts';

/**
 * `npm run eval:search` inside `npm test`: every 4th query of each kind on the 860 real notices,
 * against Okapi BM25 over the same notices. Targets (docs/search.md): every kind at least 1.3×
 * BM25's nDCG@10, and CPV-label queries nDCG@10 ≥ 0.8; floors sit just under the measured figures
 * so quality cannot slip back.
 */
let database: Database;
let report: SearchEvalReport;

beforeAll(async () => {
  database = connect((await cloneTemplateDatabase()).url, 4);
  report = await runSearchEval(database.db, { every: 4 });
}, 180_000);
afterAll(() => database?.close());

describe('search quality on real notices against Okapi BM25 (docs/search.md)', () => {
  it('CPV-label queries: nDCG@10 at least 0.8, and at least 1.3× BM25', () => {
    const { brickyard, bm25 } = report.kinds.labels;
    expect(brickyard.queries).toBeGreaterThan(50);
    expect(brickyard.ndcgAt10).toBeGreaterThanOrEqual(0.8);
    expect(brickyard.ndcgAt10).toBeGreaterThanOrEqual(1.3 * bm25.ndcgAt10);
  });

  it('phrases a supplier types: at least 1.3× BM25', () => {
    const { brickyard, bm25 } = report.kinds.typed;
    expect(brickyard.queries).toBeGreaterThanOrEqual(25);
    expect(brickyard.ndcgAt10).toBeGreaterThanOrEqual(1.3 * bm25.ndcgAt10);
  });

  it('notice titles as queries ("tenders like this one"): at least 1.3× BM25', () => {
    const { brickyard, bm25 } = report.kinds.titles;
    expect(brickyard.queries).toBeGreaterThan(150);
    expect(brickyard.ndcgAt10).toBeGreaterThanOrEqual(1.3 * bm25.ndcgAt10);
  });

  it('reads notices with their codes withheld as CPV above its floor', () => {
    expect(report.cpv.divisionTop1).toBeGreaterThanOrEqual(FLOORS.divisionTop1);
    expect(report.cpv.groupTop3).toBeGreaterThanOrEqual(FLOORS.groupTop3);
  });
});
// measured on every 4th notice, 28 Nov 2026, each read with a division model that never saw its
// process: division first 61.9%, group in the first three 63.7% (the targets are 80% and 70%:
// docs/search.md)
const FLOORS = { divisionTop1: 0.59, groupTop3: 0.6 };
