import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import {
  auditEvents,
  catalogueItems,
  contactMessages,
  contracts,
  conversationParticipants,
  conversations,
  externalTenderFavourites,
  externalTenders,
  catalogueItemVectors,
  matches,
  subscriptions,
  tenderVectors,
  tenders,
  users,
} from '../../db/schema/index.ts';
import { quotaMonth } from '../billing/quota.service.ts';
import { bucketsFor } from './analytics.buckets.ts';

/**
 * SPEC.md section 2 Dashboard (buyer, supplier, admin): every figure is checked against a small
 * hand-built fixture whose answers are worked out in the comments. The database is this file's
 * own, so the admin's marketplace-wide counts are known too.
 */
let t: TestApp;
let buyer: TestUser;
let s1: TestUser;
let s2: TestUser;
let admin: TestUser;
const now = Date.now();
const H = 3_600_000;
const D = 24 * H;
const ago = (ms: number) => new Date(now - ms);
const ids: Record<string, string> = {};

async function tender(key: string, v: Partial<typeof tenders.$inferInsert>) {
  const [row] = await t.db
    .insert(tenders)
    .values({ userId: buyer.id, title: `Tender ${key}`, description: `Works ${key}`, category: 'concrete', ...v })
    .returning({ id: tenders.id });
  ids[key] = row!.id;
}
async function item(key: string, userId: string) {
  const [row] = await t.db
    .insert(catalogueItems)
    .values({ userId, title: `Item ${key}`, description: `Product ${key}`, category: 'concrete' })
    .returning({ id: catalogueItems.id });
  ids[key] = row!.id;
}
async function conversation(a: string, b: string, tenderId: string | null) {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [c] = await t.db
    .insert(conversations)
    .values({ userLowId: low, userHighId: high, tenderId })
    .returning({ id: conversations.id });
  await t.db.insert(conversationParticipants).values([
    { conversationId: c!.id, userId: a },
    { conversationId: c!.id, userId: b },
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  buyer = await t.createUser({ role: 'buyer', companyName: 'Fixture Buyer' });
  s1 = await t.createUser({ role: 'supplier', companyName: 'Fixture Supplier One' });
  s2 = await t.createUser({ role: 'supplier', companyName: 'Fixture Supplier Two' });

  // Buyer's tenders: statuses, open budget (T1 + T2 = £150,000), published dates for the trend.
  await tender('T1', {
    status: 'active',
    budgetPence: 10_000_000,
    publishedAt: ago(2 * D),
    deadline: new Date(now + 5 * D),
  });
  await tender('T2', {
    status: 'active',
    budgetPence: 5_000_000,
    publishedAt: ago(10 * D),
    deadline: new Date(now + 20 * D),
  });
  await tender('T3', { status: 'pending', budgetPence: 3_000_000, publishedAt: ago(20 * D) });
  await tender('T4', { status: 'fulfilled', budgetPence: 2_000_000, publishedAt: ago(40 * D) });
  await tender('T5', { status: 'draft', budgetPence: 99 });
  await tender('T6', { status: 'closed', publishedAt: ago(5 * D) });
  await item('I1', s1.id);
  await item('I2', s1.id);
  await item('J1', s2.id);
  // Mark the fixture's scores fresh so the matching job leaves them as they are.
  const fresh = new Date(now + D);
  await t.db
    .insert(tenderVectors)
    .values(['T1', 'T2', 'T3', 'T4', 'T5', 'T6'].map((k) => ({ tenderId: ids[k]!, matchedAt: fresh })));
  await t.db
    .insert(catalogueItemVectors)
    .values(['I1', 'I2', 'J1'].map((k) => ({ catalogueItemId: ids[k]!, matchedAt: fresh })));
  await t.db.insert(matches).values([
    { tenderId: ids.T1!, catalogueItemId: ids.I1!, score: 80 },
    { tenderId: ids.T1!, catalogueItemId: ids.I2!, score: 60 },
    { tenderId: ids.T1!, catalogueItemId: ids.J1!, score: 90 },
    { tenderId: ids.T2!, catalogueItemId: ids.I1!, score: 70 },
    { tenderId: ids.T5!, catalogueItemId: ids.I2!, score: 50 }, // a draft: never counted
    { tenderId: ids.T6!, catalogueItemId: ids.J1!, score: 40 },
  ]);
  await conversation(buyer.id, s1.id, ids.T1!);
  await conversation(buyer.id, s2.id, ids.T2!);
  await conversation(buyer.id, s1.id, null);
  await t.db.insert(contracts).values([
    {
      tenderId: ids.T3!,
      tenderTitle: 'Tender T3',
      buyerId: buyer.id,
      supplierId: s1.id,
      valuePence: 3_000_000,
      status: 'active',
      respondedAt: ago(3 * D),
    },
    {
      tenderId: ids.T4!,
      tenderTitle: 'Tender T4',
      buyerId: buyer.id,
      supplierId: s1.id,
      valuePence: 2_000_000,
      status: 'fulfilled',
      respondedAt: ago(35 * D),
      fulfilledAt: ago(31 * D),
    },
    {
      tenderId: ids.T2!,
      tenderTitle: 'Tender T2',
      buyerId: buyer.id,
      supplierId: s2.id,
      valuePence: 1_000_000,
      status: 'declined',
      respondedAt: ago(1 * D),
    },
  ]);
  await t.db.insert(auditEvents).values([
    { tenderId: ids.T1!, actorId: buyer.id, action: 'created', createdAt: ago(3 * D) },
    { tenderId: ids.T1!, actorId: buyer.id, action: 'published', createdAt: ago(2 * D) },
  ]);
  // Live feed: one open favourite closing in 3 days, one closed.
  const ext = await t.db
    .insert(externalTenders)
    .values([
      {
        ocid: 'ocds-test-1',
        releaseId: 'r1',
        origin: 'test',
        title: 'Open feed tender',
        date: ago(D),
        contentHash: 'a',
        tenderStatus: 'active',
        tenderEndDate: new Date(now + 3 * D),
        amountMinor: 4_200_000,
        currency: 'GBP',
        buyerName: 'Leeds City Council',
      },
      {
        ocid: 'ocds-test-2',
        releaseId: 'r2',
        origin: 'test',
        title: 'Closed feed tender',
        date: ago(20 * D),
        contentHash: 'b',
        tenderStatus: 'complete',
        tenderEndDate: ago(D),
      },
    ])
    .returning({ id: externalTenders.id });
  ids.E1 = ext[0]!.id;
  await t.db.insert(externalTenderFavourites).values(ext.map((e) => ({ userId: s1.id, tenderId: e.id })));
  // One Bid Assist request by s1 about T2 (pursued, not won).
  const ba = await t.request('POST', '/api/bid-assist', {
    token: s1.token,
    body: {
      tenderId: ids.T2,
      message: 'Help with our concrete bid please',
      deadline: new Date(now + 4 * D).toISOString(),
    },
  });
  expect(ba.status).toBe(201);
}, 60_000);
afterAll(() => t.close());

describe('bucketsFor (trend buckets in UTC)', () => {
  it('30 days, 13 Monday weeks, 12 months, each ending with the current bucket', () => {
    const at = new Date('2026-03-04T15:00:00Z'); // a Wednesday
    const d = bucketsFor('30d', at);
    expect(d.periods).toHaveLength(30);
    expect(d.periods.at(-1)).toBe('2026-03-04');
    expect(d.periods[0]).toBe('2026-02-03');
    expect(d.from.toISOString()).toBe('2026-02-03T00:00:00.000Z');
    const w = bucketsFor('90d', at);
    expect(w.periods).toHaveLength(13);
    expect(w.periods.at(-1)).toBe('2026-03-02');
    expect(w.periods[0]).toBe('2025-12-08');
    const m = bucketsFor('12m', at);
    expect(m.periods).toEqual([
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-07-01',
      '2025-08-01',
      '2025-09-01',
      '2025-10-01',
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });
});

describe('SPEC §2 buyer dashboard GET /api/analytics/buyer', () => {
  it('computes every figure from the fixture', async () => {
    const res = await t.request('GET', '/api/analytics/buyer', { token: buyer.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.range).toBe('30d');
    expect(d.matchesUpdating).toBe(false);
    expect(d.tendersByStatus).toEqual({ draft: 1, active: 2, pending: 1, fulfilled: 1, closed: 1, cancelled: 0 });
    expect(d.totalTenders).toBe(6);
    expect(d.openBudgetPence).toBe(15_000_000);
    // Published tenders, newest first: T1 (3 matches, top 90), T6 (1, 40), T2 (1, 70), T3, T4 (0).
    expect(
      d.matchesPerTender.map((m: { title: string; matches: number; topScore: number | null }) => [
        m.title,
        m.matches,
        m.topScore,
      ]),
    ).toEqual([
      ['Tender T1', 3, 90],
      ['Tender T6', 1, 40],
      ['Tender T2', 1, 70],
      ['Tender T3', 0, null],
      ['Tender T4', 0, null],
    ]);
    expect(d.averageMatchesPerTender).toBe(1); // 5 matches over 5 published tenders
    // Responded: T1, T2 (conversations), T3, T4 (contracts) of 5 published; awarded: T3, T4.
    expect(d.responseRate).toEqual({ numerator: 4, denominator: 5, rate: 0.8 });
    expect(d.awardRate).toEqual({ numerator: 2, denominator: 5, rate: 0.4 });
    expect(d.deals).toEqual({ count: 2, valuePence: 5_000_000, fulfilledValuePence: 2_000_000 });
    expect(
      d.closingSoon.map((c: { title: string; matches: number; budgetPence: number }) => [
        c.title,
        c.matches,
        c.budgetPence,
      ]),
    ).toEqual([
      ['Tender T1', 3, 10_000_000],
      ['Tender T2', 1, 5_000_000],
    ]);
    expect(
      d.recentActivity.map((a: { action: string; tenderTitle: string; actorName: string }) => [
        a.action,
        a.tenderTitle,
        a.actorName,
      ]),
    ).toEqual([
      ['published', 'Tender T1', 'Test Buyer'],
      ['created', 'Tender T1', 'Test Buyer'],
    ]);
    // Trend: 30 daily buckets; T1, T2, T3, T6 published in range (T4 40 days ago is not);
    // 3 conversations today; the active deal (responded 3 days ago) in range, the fulfilled one not.
    expect(d.trend).toHaveLength(30);
    const sum = (k: string) => d.trend.reduce((n: number, p: Record<string, number>) => n + p[k]!, 0);
    expect(sum('tendersPublished')).toBe(4);
    expect(sum('conversations')).toBe(3);
    expect(sum('dealsValuePence')).toBe(3_000_000);
    const day = (ms: number) => ago(ms).toISOString().slice(0, 10);
    expect(d.trend.find((p: { period: string }) => p.period === day(2 * D)).tendersPublished).toBe(1);
    expect(d.trend.find((p: { period: string }) => p.period === day(3 * D)).dealsValuePence).toBe(3_000_000);
    // 12 months take in T4 and the fulfilled deal as well.
    const year = await t.request('GET', '/api/analytics/buyer?range=12m', { token: buyer.token });
    expect(year.body.data.trend).toHaveLength(12);
    expect(year.body.data.trend.reduce((n: number, p: { tendersPublished: number }) => n + p.tendersPublished, 0)).toBe(
      5,
    );
    expect(year.body.data.trend.reduce((n: number, p: { dealsValuePence: number }) => n + p.dealsValuePence, 0)).toBe(
      5_000_000,
    );
  });

  it('shows a new buyer zeros and null rates, not errors', async () => {
    const fresh = await t.createUser({ role: 'buyer' });
    const res = await t.request('GET', '/api/analytics/buyer?range=90d', { token: fresh.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      totalTenders: 0,
      openBudgetPence: 0,
      averageMatchesPerTender: null,
      responseRate: { rate: null },
      awardRate: { rate: null },
      matchesPerTender: [],
      closingSoon: [],
    });
    expect(res.body.data.trend).toHaveLength(13);
  });
});

describe('SPEC §2 supplier dashboard GET /api/analytics/supplier', () => {
  it('computes every figure from the fixture', async () => {
    const res = await t.request('GET', '/api/analytics/supplier', { token: s1.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.matchesUpdating).toBe(false);
    // s1's matches with published tenders: T1×I1, T1×I2, T2×I1 (T5 is a draft).
    expect(d.matchesTotal).toBe(3);
    const thisMonth = [ago(2 * D), ago(2 * D), ago(10 * D)].filter(
      (p) => quotaMonth(p) === quotaMonth(new Date(now)),
    ).length;
    expect(d.matchesThisMonth).toBe(thisMonth);
    expect(d.deals).toEqual({ won: 2, valuePence: 5_000_000, active: 1, fulfilled: 1 });
    // Pursued: T1 (conversation), T2 (Bid Assist), T3, T4 (contracts); won: T3, T4.
    expect(d.winRate).toEqual({ numerator: 2, denominator: 4, rate: 0.5 });
    expect(
      d.catalogue.map((c: { title: string; matches: number; topScore: number | null }) => [
        c.title,
        c.matches,
        c.topScore,
      ]),
    ).toEqual([
      ['Item I1', 2, 80],
      ['Item I2', 1, 60],
    ]);
    expect(d.favouritesClosingSoon).toEqual([
      {
        id: ids.E1,
        title: 'Open feed tender',
        buyerName: 'Leeds City Council',
        closesAt: expect.any(String),
        amountMinor: 4_200_000,
        currency: 'GBP',
      },
    ]);
    expect(d.usage).toEqual({
      plan: 'GROWTH',
      month: quotaMonth(),
      bidAssist: { used: 1, limit: null },
      uploads: { used: 0, limit: null },
      matchesPerItem: null,
      liveFeed: true,
    });
    expect(d.bidAssist).toEqual({ submitted: 1, in_review: 0, completed: 0 });
    const sum = (k: string) => d.trend.reduce((n: number, p: Record<string, number>) => n + p[k]!, 0);
    expect(sum('matches')).toBe(3);
    expect(sum('dealsWon')).toBe(1);
    expect(sum('dealsValuePence')).toBe(3_000_000);
  });

  it('shows a Core supplier its plan limits', async () => {
    const core = await t.createUser({ role: 'supplier', plan: 'CORE' });
    const res = await t.request('GET', '/api/analytics/supplier?range=12m', { token: core.token });
    expect(res.body.data.usage).toMatchObject({
      plan: 'CORE',
      bidAssist: { used: 0, limit: 5 },
      uploads: { used: 0, limit: 5 },
      matchesPerItem: 3,
      liveFeed: false,
    });
    expect(res.body.data.winRate.rate).toBeNull();
  });
});

describe('SPEC §2 admin dashboard GET /api/admin/dashboard', () => {
  it('computes users by state, approvals against 48 hours, subscriptions and MRR, feed, queue, contact-us and trend', async () => {
    // A buyer waiting 50 hours (overdue) and an approved supplier without a plan.
    const pending = await t.createUser({ role: 'buyer', approved: false, plan: null });
    await t.db
      .update(users)
      .set({ createdAt: ago(50 * H) })
      .where(eq(users.id, pending.id));
    await t.createUser({ role: 'supplier', plan: null });
    await t.db.update(subscriptions).set({ pricePaidPence: 19_900 }).where(eq(subscriptions.userId, buyer.id));
    await t.db
      .update(subscriptions)
      .set({ pricePaidPence: 322_920, cycle: 'yearly' })
      .where(eq(subscriptions.userId, s1.id));
    await t.db.insert(contactMessages).values([
      {
        userEmail: 'a@example.test',
        userName: 'Ann',
        title: 'Invoice question',
        message: 'Hello',
        createdAt: ago(2 * H),
      },
      { userEmail: 'b@example.test', userName: 'Bob', title: 'Feature request', message: 'Hi', createdAt: ago(H) },
    ]);
    const res = await t.request('GET', '/api/admin/dashboard', { token: admin.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    // Users of this file: buyer, s1, s2, admin, plus the earlier fresh buyer and Core supplier (both subscribed).
    expect(d.usersByRole).toEqual({ buyer: 3, supplier: 4, admin: 1 });
    expect(d.usersByState).toEqual({
      buyer: { pendingApproval: 1, noSubscription: 0, active: 2 },
      supplier: { pendingApproval: 0, noSubscription: 1, active: 3 },
    });
    expect(d.approvals).toEqual({ waiting: 1, oldestHours: 50, promiseHours: 48, overdue: 1 });
    expect(d.awaitingApproval).toBe(1);
    expect(d.activeSubscriptions).toEqual({ CORE: 1, GROWTH: 4, PARTNER: 0 });
    expect(d.monthlyRecurringRevenuePence).toBe(19_900 + 26_910); // monthly + yearly / 12
    expect(d.feed).toMatchObject({ total: 2, open: 1, importedLast24h: 2, sources: [] });
    expect(d.feed.lastImportAt).not.toBeNull();
    expect(d.bidAssistQueue).toEqual({ submitted: 1, in_review: 0, completed: 0, oldestOpenHours: 0 });
    expect(d.contactMessages).toBe(2);
    expect(d.recentContactMessages.map((c: { title: string }) => c.title)).toEqual([
      'Feature request',
      'Invoice question',
    ]);
    const sum = (k: string) => d.trend.reduce((n: number, p: Record<string, number>) => n + p[k]!, 0);
    expect(sum('signups')).toBe(7); // 3 buyers + 4 suppliers, all within 30 days
    expect(sum('subscriptions')).toBe(5);
    expect(sum('bidAssist')).toBe(1);
    expect(sum('contactMessages')).toBe(2);
  });
});

describe('SPEC §6 access to the dashboards', () => {
  it('buyer, supplier and admin dashboards are for their role, approved and subscribed', async () => {
    expect((await t.request('GET', '/api/analytics/buyer', { token: s1.token })).status).toBe(403);
    expect((await t.request('GET', '/api/analytics/supplier', { token: buyer.token })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/dashboard', { token: buyer.token })).status).toBe(403);
    expect((await t.request('GET', '/api/analytics/buyer')).status).toBe(401);
    const pending = await t.createUser({ role: 'buyer', approved: false, plan: null });
    expect((await t.request('GET', '/api/analytics/buyer', { token: pending.token })).status).toBe(423);
    const unpaid = await t.createUser({ role: 'supplier', plan: null });
    expect((await t.request('GET', '/api/analytics/supplier', { token: unpaid.token })).status).toBe(402);
    expect((await t.request('GET', '/api/analytics/buyer?range=7y', { token: buyer.token })).status).toBe(400);
  });
});

describe('SPEC §2 matches on the dashboard stay current', () => {
  it('queues listings never matched and says so; the next load has their matches', async () => {
    const b = await t.createUser({ role: 'buyer' });
    const [row] = await t.db
      .insert(tenders)
      .values({
        userId: b.id,
        title: 'Ready-mix concrete for a school extension',
        description: 'C32/40 ready-mix concrete, about 300 m³, pumped',
        category: 'concrete',
        status: 'active',
        publishedAt: new Date(),
        deadline: new Date(now + 9 * D),
      })
      .returning({ id: tenders.id });
    const first = await t.request('GET', '/api/analytics/buyer', { token: b.token });
    expect(first.body.data.matchesUpdating).toBe(true);
    let later = first;
    for (let i = 0; i < 50 && later.body.data.matchesUpdating; i++) {
      await new Promise((r) => setTimeout(r, 100));
      later = await t.request('GET', '/api/analytics/buyer', { token: b.token });
    }
    expect(later.body.data.matchesUpdating).toBe(false);
    const [stored] = (await t.db.execute(sql`select count(*)::int as n from matches where tender_id = ${row!.id}`))
      .rows as Array<{ n: number }>;
    expect(later.body.data.matchesPerTender[0].matches).toBe(stored!.n);
  });
});
