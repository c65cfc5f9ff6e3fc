/**
 * docs/performance.md: the live feed's pages newest first (its default screen) are read in index order, not by sorting every notice the filters let through. Here, with
 * sorting and sequential scans discouraged (the table is small, so the planner would prefer them
 * anyway), the plans have no Sort: external_tenders_date_idx gives the notices newest first.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { tenderPage } from './external-tenders.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function planOf(query: SQL): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const r = await tx.execute(sql`explain ${query}`);
    return r.rows.map((x) => String(Object.values(x)[0])).join('\n');
  });
}

it('the live feed newest first, on its own and with a filter, is read from external_tenders_date_idx without a Sort', async () => {
  const pages = {
    'the feed (GET /api/external-tenders/search)': tenderPage(t.db, {}, 'newest', 1, 20).getSQL(),
    'a page further on': tenderPage(t.db, {}, 'newest', 5, 20).getSQL(),
    'open notices only': tenderPage(t.db, { status: 'open' }, 'newest', 1, 20).getSQL(),
  };
  for (const [name, query] of Object.entries(pages)) {
    const plan = await planOf(query);
    expect(plan, name).not.toMatch(/Sort/);
    expect(plan, name).toMatch(/Index (Only )?Scan using external_tenders_date_idx/);
  }
});
