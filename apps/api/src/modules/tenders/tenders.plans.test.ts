/**
 * docs/performance.md: the tender lists people open all day read a page in index order, without
 * sorting every row the filter lets through. Here, with sorting and sequential scans discouraged
 * (the table is small, so the planner would prefer them anyway), each list's plan has no Sort:
 * an index gives the rows newest first.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { literalValues } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { selectPage, type TenderFilter } from './tenders.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('the open tenders suppliers browse, a buyer’s own and a status tab are read newest first from an index', async () => {
  const lists: Record<string, TenderFilter> = {
    'open for responses (GET /api/tender/supplierTenders)': { statuses: ['active'], openForResponses: true },
    'a buyer’s own (GET /api/tender)': { ownerId: '00000000-0000-4000-8000-000000000000' },
    'one status of every tender (admin)': { statuses: ['pending'] },
  };
  for (const [name, filter] of Object.entries(lists)) {
    const page = selectPage(t.db, filter, 'newest', { limit: 20, offset: 0 }, literalValues);
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = await tx.execute(sql`explain ${page.getSQL()}`);
      return r.rows.map((x) => String(Object.values(x)[0])).join('\n');
    });
    expect(plan, name).not.toMatch(/Sort/);
    expect(plan, name).toMatch(/Index Scan Backward using tenders_(status|user)_created_idx/);
  }
});
