import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { externalTenders } from '../../db/schema/index.ts';
import { seedExternalTenders } from './external-tenders.seed.ts';
import { importFiles } from './feed-importer.ts';
import { importSnapshotIfEmpty, SNAPSHOT_FILES } from './feed-jobs.ts';

/**
 * A fresh install's live feed: every real release shipped, the demo's dates moved into the
 * coming weeks (and marked) in the demo seed only, and the feed's freshness on GET /status.
 */
let demo: TestApp;
let production: TestApp;
let demoSupplier: TestUser;
let prodSupplier: TestUser;

beforeAll(async () => {
  [demo, production] = await Promise.all([createTestApp(), createTestApp()]);
  await seedExternalTenders(demo.db, new Map());
  await importSnapshotIfEmpty(production.db);
  [demoSupplier, prodSupplier] = await Promise.all([
    demo.createUser({ role: 'supplier', plan: 'GROWTH' }),
    production.createUser({ role: 'supplier', plan: 'GROWTH' }),
  ]);
});
afterAll(async () => {
  await Promise.all([demo?.close(), production?.close()]);
});

const status = async (t: TestApp, user: TestUser) => {
  const res = await t.request('GET', '/api/external-tenders/status', { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('the shipped live feed', () => {
  it('ships every real release of the data folder (477 releases of 412 processes), none rejected', async () => {
    const again = await importFiles(production.db, SNAPSHOT_FILES);
    expect(again).toMatchObject({ total: 477, rejected: 0, new: 0 });
    const [{ n }] = (await production.db.execute<{ n: number }>(sql`select count(*)::int as n from external_tenders`))
      .rows as [{ n: number }];
    expect(n).toBe(412);
  });

  it('demo seed: the real notices get deadlines in the coming weeks, each marked as moved, so the demo has notices open for bids', async () => {
    const rows = await demo.db
      .select({
        end: externalTenders.tenderEndDate,
        date: externalTenders.date,
        shift: externalTenders.demoShiftDays,
        status: externalTenders.tenderStatus,
      })
      .from(externalTenders);
    expect(rows.length).toBe(412);
    expect(rows.every((r) => r.shift !== null)).toBe(true);
    const now = Date.now();
    for (const r of rows) {
      expect(r.date.getTime()).toBeLessThanOrEqual(now + 1000);
      if (r.end) {
        expect(r.end.getTime()).toBeGreaterThan(now + 4 * 86_400_000);
        expect(r.end.getTime()).toBeLessThan(now + 56 * 86_400_000);
      }
    }
    const s = await status(demo, demoSupplier);
    expect(s).toMatchObject({ total: 412, demoNotices: 412, stale: false });
    expect(s.open).toBe(rows.filter((r) => r.status === 'active').length);
    expect(s.open).toBeGreaterThan(100);
    const search = await demo.request('GET', '/api/external-tenders/search?status=open&pageSize=5', {
      token: demoSupplier.token,
    });
    expect(search.status).toBe(200);
    expect(search.body.data.length).toBe(5);
    for (const tender of search.body.data) {
      expect(tender.isOpen).toBe(true);
      expect(tender.demoShiftDays).toBeGreaterThan(0);
    }
  });

  it('production never moves a date: the same files import as published (every deadline past), nothing marked as demo', async () => {
    const s = await status(production, prodSupplier);
    expect(s).toMatchObject({ total: 412, open: 0, demoNotices: 0, stale: false });
    const moved = await production.db.execute<{ n: number }>(
      sql`select count(*)::int as n from external_tenders where demo_shift_days is not null`,
    );
    expect(moved.rows[0]!.n).toBe(0);
    const one = await production.request('GET', '/api/external-tenders/search?pageSize=1', {
      token: prodSupplier.token,
    });
    expect(one.body.data[0].demoShiftDays).toBeNull();
  });

  it('says when the feed last imported, and that it is stale once that is more than a day ago', async () => {
    const fresh = await status(production, prodSupplier);
    expect(Date.now() - Date.parse(fresh.lastImportedAt)).toBeLessThan(10 * 60_000);
    expect(fresh.staleAfterHours).toBeGreaterThanOrEqual(24);
    await production.db.execute(sql`update external_tender_releases set imported_at = now() - interval '30 hours'`);
    const old = await status(production, prodSupplier);
    expect(old.stale).toBe(true);
    expect(Date.now() - Date.parse(old.lastImportedAt)).toBeGreaterThan(29 * 3_600_000);
  });

  it("keeps the feed's counts between visits and stays exact: a notice written, and an open notice's deadline passing with no write", async () => {
    const before = await status(demo, demoSupplier);
    // a write the list triggers do not see is not seen: the counts were kept, not counted again
    await demo.db.transaction(async (tx) => {
      await tx.execute(sql`alter table external_tenders disable trigger list_versions_external_tenders`);
      await tx.execute(
        sql`update external_tenders set demo_shift_days = null where id = (select id from external_tenders limit 1)`,
      );
      await tx.execute(sql`alter table external_tenders enable trigger list_versions_external_tenders`);
    });
    expect((await status(demo, demoSupplier)).demoNotices).toBe(before.demoNotices);
    // a write through the triggers is counted at once
    await demo.db.execute(sql`update external_tenders set demo_shift_days = 1 where demo_shift_days is null`);
    await demo.db.execute(
      sql`delete from external_tenders where id = (select id from external_tenders order by id limit 1)`,
    );
    const written = await status(demo, demoSupplier);
    expect(written.total).toBe(before.total - 1);
    // the open notice closing first: counted open while its deadline is ahead, closed after it
    await demo.db.execute(sql`update external_tenders set tender_end_date = now() + interval '2 seconds'
      where id = (select id from external_tenders where tender_status = 'active' and tender_end_date > now() order by id limit 1)`);
    const open = (await status(demo, demoSupplier)).open;
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await status(demo, demoSupplier)).open).toBe(open - 1);
  });
});
