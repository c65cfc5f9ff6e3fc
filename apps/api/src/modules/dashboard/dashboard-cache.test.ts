import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { quotaMonth } from '../billing/quota.service.ts';

/**
 * docs/decisions/0006-dashboards-cached-by-database-versions.md ("the dashboards load … within the API budget") by caching them, and docs/product.md section 2
 * Dashboard ("every figure computed from real data") kept true by the cache: each dashboard is
 * served from a per-instance cache only while its scope's version in `dashboard_versions` is
 * unchanged, and database triggers raise that version with every write the dashboard reads.
 * Each test reads a dashboard (so it is cached), writes straight to the database the way any code
 * path could, and expects the next read to show the write.
 */
let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let admin: TestUser;
let tenderId: string;
let itemId: string;
let externalId: string;

const exec = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
const dashboard = async (path: string, user: TestUser) => {
  const res = await t.request('GET', path, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const buyerDashboard = () => dashboard('/api/analytics/buyer', buyer);
const supplierDashboard = () => dashboard('/api/analytics/supplier', supplier);
const adminDashboard = () => dashboard('/api/admin/dashboard', admin);
const versionOf = async (scope: string) =>
  (await exec<{ version: number }>(sql`select version from dashboard_versions where scope = ${scope}`))[0]?.version ??
  0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  buyer = await t.createUser({ role: 'buyer' });
  supplier = await t.createUser({ role: 'supplier', plan: 'CORE' });
  const fresh = sql`now() + interval '1 day'`;
  [{ id: tenderId }] = (await exec<{ id: string }>(
    sql`insert into tenders (user_id, title, description, category, status, published_at, deadline)
        values (${buyer.id}, 'Cache tender', 'Ready-mix concrete', 'concrete', 'active', now(), now() + interval '10 days')
        returning id`,
  )) as [{ id: string }];
  [{ id: itemId }] = (await exec<{ id: string }>(
    sql`insert into catalogue_items (user_id, title, description, category) values (${supplier.id}, 'Cache item', 'C32/40 concrete', 'concrete') returning id`,
  )) as [{ id: string }];
  // Scores marked fresh so the matching job leaves the fixture as it is.
  await exec(sql`insert into tender_vectors (tender_id, matched_at) values (${tenderId}, ${fresh})`);
  await exec(sql`insert into catalogue_item_vectors (catalogue_item_id, matched_at) values (${itemId}, ${fresh})`);
  [{ id: externalId }] = (await exec<{ id: string }>(
    sql`insert into external_tenders (ocid, release_id, origin, title, date, content_hash, tender_status, tender_end_date)
        values ('ocds-cache-1', 'r1', 'test', 'Feed tender', now(), 'h', 'active', now() + interval '3 days') returning id`,
  )) as [{ id: string }];
}, 60_000);
afterAll(() => t.close());

describe('a repeat dashboard request is served from the cache', () => {
  it('does not recompute while nothing it reads has changed (a write hidden from the triggers is not seen)', async () => {
    const before = (await buyerDashboard()).totalTenders;
    // session_replication_role = replica switches the triggers off for this transaction only:
    // the one way a write can reach the table without raising the version.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into tenders (user_id, title, description, category) values (${buyer.id}, 'Hidden', 'x', 'concrete')`,
      );
    });
    expect((await buyerDashboard()).totalTenders).toBe(before);
    // The next ordinary write raises the version: both tenders show.
    await exec(
      sql`insert into tenders (user_id, title, description, category) values (${buyer.id}, 'Seen', 'x', 'concrete')`,
    );
    expect((await buyerDashboard()).totalTenders).toBe(before + 2);
  });

  it('answers the same figures from two requests at once (one computation shared)', async () => {
    const [a, b] = await Promise.all([supplierDashboard(), supplierDashboard()]);
    expect(a).toEqual(b);
  });
});

describe('docs/product.md §2 buyer dashboard: every write it reads shows on the next request', () => {
  it('tenders: a new tender and a status change', async () => {
    const d0 = await buyerDashboard();
    await exec(
      sql`insert into tenders (user_id, title, description, category, status) values (${buyer.id}, 'Draft two', 'x', 'concrete', 'draft')`,
    );
    const d1 = await buyerDashboard();
    expect(d1.totalTenders).toBe(d0.totalTenders + 1);
    await exec(sql`update tenders set status = 'cancelled' where user_id = ${buyer.id} and title = 'Draft two'`);
    expect((await buyerDashboard()).tendersByStatus.cancelled).toBe(d1.tendersByStatus.cancelled + 1);
  });

  it('matches of its tenders, audit events, conversations and contracts', async () => {
    await buyerDashboard();
    await exec(sql`insert into matches (tender_id, catalogue_item_id, score) values (${tenderId}, ${itemId}, 77)`);
    const m = (await buyerDashboard()).matchesPerTender.find((r: { id: string }) => r.id === tenderId);
    expect(m).toMatchObject({ matches: 1, topScore: 77 });

    await exec(
      sql`insert into audit_events (tender_id, actor_id, action) values (${tenderId}, ${buyer.id}, 'updated')`,
    );
    expect((await buyerDashboard()).recentActivity[0]).toMatchObject({ tenderId, action: 'updated' });

    const [low, high] = [buyer.id, supplier.id].sort();
    const [c] = await exec<{ id: string }>(
      sql`insert into conversations (user_low_id, user_high_id, tender_id) values (${low}, ${high}, ${tenderId}) returning id`,
    );
    await exec(
      sql`insert into conversation_participants (conversation_id, user_id) values (${c!.id}, ${buyer.id}), (${c!.id}, ${supplier.id})`,
    );
    expect((await buyerDashboard()).responseRate.numerator).toBe(1);

    await exec(
      sql`insert into contracts (tender_id, tender_title, buyer_id, supplier_id, value_pence, status)
          values (${tenderId}, 'Cache tender', ${buyer.id}, ${supplier.id}, 123400, 'active')`,
    );
    expect((await buyerDashboard()).deals).toMatchObject({ count: 1, valuePence: 123_400 });
  });
});

describe('docs/product.md §2 supplier dashboard: every write it reads shows on the next request', () => {
  it('another user closing a tender its item matched (the trigger follows matches to the item owner)', async () => {
    await exec(
      sql`insert into matches (tender_id, catalogue_item_id, score) values (${tenderId}, ${itemId}, 77) on conflict do nothing`,
    );
    const d0 = await supplierDashboard();
    expect(d0.matchesTotal).toBe(1);
    await exec(sql`update tenders set status = 'draft' where id = ${tenderId}`);
    expect((await supplierDashboard()).matchesTotal).toBe(0);
    await exec(sql`update tenders set status = 'active' where id = ${tenderId}`);
    expect((await supplierDashboard()).matchesTotal).toBe(1);
  });

  it('views of its items, favourites and their feed changes, usage and Bid Assist requests', async () => {
    const d0 = await supplierDashboard();
    await exec(sql`insert into catalogue_item_views (catalogue_item_id, viewer_id) values (${itemId}, ${buyer.id})`);
    expect((await supplierDashboard()).catalogueViews).toBe(d0.catalogueViews + 1);

    await exec(sql`insert into external_tender_favourites (user_id, tender_id) values (${supplier.id}, ${externalId})`);
    expect((await supplierDashboard()).favouritesClosingSoon.map((f: { title: string }) => f.title)).toEqual([
      'Feed tender',
    ]);
    // The live feed re-imports the notice with a new title.
    await exec(sql`update external_tenders set title = 'Feed tender (amended)' where id = ${externalId}`);
    expect((await supplierDashboard()).favouritesClosingSoon[0].title).toBe('Feed tender (amended)');

    await exec(
      sql`insert into usage_counters (user_id, kind, month, used) values (${supplier.id}, 'uploads', ${quotaMonth()}, 2)`,
    );
    expect((await supplierDashboard()).usage.uploads).toEqual({ used: 2, limit: 5 });

    await exec(
      sql`insert into bid_assist_requests (supplier_id, tender_id, tender_title, message, deadline, status, bid_pack)
          values (${supplier.id}, ${tenderId}, 'Cache tender', 'Help with this bid', now() + interval '3 days', 'in_review', '{}')`,
    );
    expect((await supplierDashboard()).bidAssist.in_review).toBe(1);
  });

  it('its own catalogue', async () => {
    const d0 = await supplierDashboard();
    await exec(
      sql`insert into catalogue_items (user_id, title, description, category) values (${supplier.id}, 'Second item', 'x', 'concrete')`,
    );
    const d1 = await supplierDashboard();
    expect(d1.catalogue).toHaveLength(d0.catalogue.length + 1);
    expect(d1.matchesUpdating).toBe(true); // the new item has no scores yet: not cached, asked again
  });
});

describe('docs/product.md §2 admin dashboard: every write it reads shows on the next request', () => {
  it('accounts, approvals, subscriptions, contact-us, the feed and Bid Assist', async () => {
    const d0 = await adminDashboard();
    const other = await t.createUser({ role: 'buyer', approved: false, plan: null });
    const d1 = await adminDashboard();
    expect(d1.usersByRole.buyer).toBe(d0.usersByRole.buyer + 1);
    expect(d1.approvals.waiting).toBe(d0.approvals.waiting + 1);

    await exec(sql`update users set approved = true, approved_at = now() where id = ${other.id}`);
    expect((await adminDashboard()).approvals.waiting).toBe(d0.approvals.waiting);

    await exec(
      sql`insert into subscriptions (user_id, plan, cycle, status, provider, current_period_start, current_period_end, price_paid_pence)
          values (${other.id}, 'PARTNER', 'monthly', 'active', 'test', now(), now() + interval '30 days', 10000)`,
    );
    expect((await adminDashboard()).activeSubscriptions.PARTNER).toBe(d0.activeSubscriptions.PARTNER + 1);

    await exec(
      sql`insert into contact_messages (user_email, user_name, title, message) values ('a@b.test', 'A B', 'Hello', 'A question')`,
    );
    expect((await adminDashboard()).recentContactMessages[0]).toMatchObject({ title: 'Hello' });

    await exec(
      sql`insert into external_tenders (ocid, release_id, origin, title, date, content_hash, tender_status, tender_end_date)
          values ('ocds-cache-2', 'r2', 'test', 'Another', now(), 'h2', 'active', now() + interval '9 days')`,
    );
    expect((await adminDashboard()).feed.total).toBe(d0.feed.total + 1);

    await exec(sql`update bid_assist_requests set status = 'completed' where supplier_id = ${supplier.id}`);
    expect((await adminDashboard()).bidAssistQueue.completed).toBe(d0.bidAssistQueue.completed + 1);
  });

  it('a sign-in (a users update of no column the dashboard reads) leaves its version alone', async () => {
    await adminDashboard();
    const before = await versionOf('admin');
    await exec(sql`update users set updated_at = now() where id = ${buyer.id}`);
    expect(await versionOf('admin')).toBe(before);
  });
});

describe('dashboard_versions: raised at commit, once per transaction, never by a rollback', () => {
  it('a rolled-back write raises nothing; a committed transaction raises each scope it touched once', async () => {
    const v0 = await versionOf(buyer.id);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into tenders (user_id, title, description, category) values (${buyer.id}, 'Rolled back', 'x', 'concrete')`,
        );
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await versionOf(buyer.id)).toBe(v0);

    const s0 = await versionOf(supplier.id);
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into tenders (user_id, title, description, category) values (${buyer.id}, 'One', 'x', 'concrete')`,
      );
      await tx.execute(
        sql`insert into tenders (user_id, title, description, category) values (${buyer.id}, 'Two', 'x', 'concrete')`,
      );
      await tx.execute(
        sql`insert into contracts (tender_title, buyer_id, supplier_id, value_pence, status) values ('Two', ${buyer.id}, ${supplier.id}, 1, 'proposed')`,
      );
      // Still the old version inside the transaction: it is raised at commit.
      const [row] = (await tx.execute(sql`select version from dashboard_versions where scope = ${buyer.id}`)).rows as {
        version: number;
      }[];
      expect(row?.version ?? 0).toBe(v0);
    });
    expect(await versionOf(buyer.id)).toBe(v0 + 1);
    expect(await versionOf(supplier.id)).toBe(s0 + 1);
  });

  it('a write through one API instance shows on the dashboard another instance has cached', async () => {
    const second = await createTestApp({ jwtSecret: t.config.jwtSecret }, { databaseUrl: t.databaseUrl });
    try {
      const onSecond = async () =>
        (await second.request('GET', '/api/analytics/buyer', { token: buyer.token })).body.data.totalTenders as number;
      const before = await onSecond();
      const created = await t.request('POST', '/api/tender', {
        token: buyer.token,
        body: {
          title: 'Steel through the first instance',
          description: 'Supply of universal beams for a warehouse frame',
          category: 'structural-steel',
          status: 'draft',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(await onSecond()).toBe(before + 1);
    } finally {
      await second.close();
    }
  });
});
