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
  catalogueItemViews,
  matches,
  subscriptions,
  tenderVectors,
  tenders,
  users,
} from '../../db/schema/index.ts';
import { quotaMonth } from '../billing/quota.service.ts';
import { bucketsFor } from './dashboard.buckets.ts';

/**
 * docs/product.md section 2 Dashboard (buyer, supplier, admin): every figure is checked against a small
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
/** `ms` ago, but never before today began (UTC): rows that "today" must count, whenever the suite runs. */
const earlierToday = (ms: number) => new Date(Math.max(now - ms, Math.floor(now / D) * D + (3 * H - ms) / 60));
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
  // Live feed: one open favourite closing in 3 days, one closed, one cancelled before its deadline.
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
      {
        ocid: 'ocds-test-3',
        releaseId: 'r3',
        origin: 'test',
        title: 'Cancelled feed tender',
        date: ago(2 * D),
        contentHash: 'c',
        tenderStatus: 'cancelled',
        tenderEndDate: new Date(now + 5 * D),
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

describe('bucketsFor (trend buckets in UK calendar days)', () => {
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

describe('bucketsFor counts UK calendar days (BST included) whatever the server time zone', () => {
  it.each(['UTC', 'America/New_York'])('on a server in %s, 23:30 UTC on 1 July is 2 July in London', (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      const d = bucketsFor('30d', new Date('2026-07-01T23:30:00Z'));
      expect(d.periods.at(-1)).toBe('2026-07-02');
      expect(d.lastDay).toBe('2026-07-02');
      // midnight in London is 23:00 UTC the day before in summer
      expect(d.to.toISOString()).toBe('2026-07-02T23:00:00.000Z');
      expect(d.from.toISOString()).toBe('2026-06-02T23:00:00.000Z');
      const c = bucketsFor({ from: '2026-03-28', to: '2026-03-30' }); // the clocks go forward on the 29th
      expect(c.from.toISOString()).toBe('2026-03-28T00:00:00.000Z');
      expect(c.to.toISOString()).toBe('2026-03-30T23:00:00.000Z');
      const m = bucketsFor('12m', new Date('2026-07-31T23:30:00Z'));
      expect(m.periods.at(-1)).toBe('2026-08-01');
      expect(m.from.toISOString()).toBe('2025-08-31T23:00:00.000Z');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('bucketsFor a custom period (trends with date ranges)', () => {
  it('counts whole UK days from..to, by day up to 62 days, by week up to 182, by month beyond', () => {
    const d = bucketsFor({ from: '2026-02-20', to: '2026-03-04' });
    expect(d).toMatchObject({ range: 'custom', unit: 'day', firstDay: '2026-02-20', lastDay: '2026-03-04' });
    expect(d.periods).toHaveLength(13); // 9 days of February (20–28) and 4 of March
    expect(d.from.toISOString()).toBe('2026-02-20T00:00:00.000Z');
    expect(d.to.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    // 2026-01-07 is a Wednesday: its week starts Monday 5 January; 2026-04-30 (114 days) is a Thursday.
    const w = bucketsFor({ from: '2026-01-07', to: '2026-04-30' });
    expect(w.unit).toBe('week');
    expect(w.periods[0]).toBe('2026-01-05');
    expect(w.periods.at(-1)).toBe('2026-04-27');
    expect(w.periods).toHaveLength(17);
    expect(w.from.toISOString()).toBe('2026-01-07T00:00:00.000Z');
    const m = bucketsFor({ from: '2024-11-15', to: '2026-02-01' });
    expect(m.unit).toBe('month');
    expect(m.periods[0]).toBe('2024-11-01');
    expect(m.periods.at(-1)).toBe('2026-02-01');
    expect(m.periods).toHaveLength(16);
    // The edges of the units: 62 days are daily, 63 weekly; 182 days weekly, 183 monthly.
    expect(bucketsFor({ from: '2026-01-01', to: '2026-03-03' }).unit).toBe('day');
    expect(bucketsFor({ from: '2026-01-01', to: '2026-03-04' }).unit).toBe('week');
    expect(bucketsFor({ from: '2026-01-01', to: '2026-07-01' }).unit).toBe('week');
    expect(bucketsFor({ from: '2026-01-01', to: '2026-07-02' }).unit).toBe('month');
  });
});

describe('docs/product.md §2 buyer dashboard GET /api/analytics/buyer', () => {
  it('computes every figure from the fixture', async () => {
    const res = await t.request('GET', '/api/analytics/buyer', { token: buyer.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.range).toBe('30d');
    expect(d.period).toEqual({
      from: ago(29 * D)
        .toISOString()
        .slice(0, 10),
      to: ago(0).toISOString().slice(0, 10),
      unit: 'day',
    });
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

describe('docs/product.md §2 supplier dashboard GET /api/analytics/supplier', () => {
  it('computes every figure from the fixture', async () => {
    const res = await t.request('GET', '/api/analytics/supplier', { token: s1.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.matchesUpdating).toBe(false);
    // s1's matches as Connect lists them (open tenders): T1×I1, T1×I2, T2×I1 (T5 is a draft),
    // all of them stored (matched) just now, whenever their tenders were published.
    expect(d.matchesTotal).toBe(3);
    expect(d.matchesThisMonth).toBe(3);
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

describe('docs/product.md §2 admin dashboard GET /api/admin/dashboard', () => {
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
        createdAt: earlierToday(2 * H),
      },
      {
        userEmail: 'b@example.test',
        userName: 'Bob',
        title: 'Feature request',
        message: 'Hi',
        createdAt: earlierToday(H),
      },
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
    // the cancelled notice, its deadline still ahead, is not open
    expect(d.feed).toMatchObject({ total: 3, open: 1, importedLast24h: 3, sources: [] });
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

describe('docs/product.md §6 access to the dashboards', () => {
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

describe('docs/product.md §2 matches on the dashboard stay current', () => {
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

describe('docs/product.md §2 supplier dashboard: catalogue views per item', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const views = (d: { catalogue: Array<{ title: string; views: number }> }) =>
    Object.fromEntries(d.catalogue.map((c) => [c.title, c.views]));

  it('counts a viewer once per item per day, never the owner or an admin, and only the supplier’s own items', async () => {
    // Earlier visits, as the view table keeps them: the buyer saw I1 3 days ago and I2 40 days ago.
    await t.db.insert(catalogueItemViews).values([
      {
        catalogueItemId: ids.I1!,
        viewerId: buyer.id,
        viewedOn: ago(3 * D)
          .toISOString()
          .slice(0, 10),
      },
      {
        catalogueItemId: ids.I2!,
        viewerId: buyer.id,
        viewedOn: ago(40 * D)
          .toISOString()
          .slice(0, 10),
      },
    ]);
    // Today: the buyer opens I1 three times (one view), s2 opens I2 under /api/product (one view),
    // the owner s1 and the admin open I1 (no view), the buyer opens s2's J1 (s2's view, not s1's).
    for (let i = 0; i < 3; i++)
      expect((await t.request('GET', `/api/catalogue/${ids.I1}`, { token: buyer.token })).status).toBe(200);
    expect((await t.request('GET', `/api/product/${ids.I2}`, { token: s2.token })).status).toBe(200);
    expect((await t.request('GET', `/api/catalogue/${ids.I1}`, { token: s1.token })).status).toBe(200);
    expect((await t.request('GET', `/api/catalogue/${ids.I1}`, { token: admin.token })).status).toBe(200);
    expect((await t.request('GET', `/api/catalogue/${ids.J1}`, { token: buyer.token })).status).toBe(200);

    // 30 days: I1 = today + 3 days ago = 2, I2 = s2 today = 1 (the 40-day-old view is out); 3 in all.
    const month = (await t.request('GET', '/api/analytics/supplier', { token: s1.token })).body.data;
    expect(views(month)).toEqual({ 'Item I1': 2, 'Item I2': 1 });
    expect(month.catalogueViews).toBe(3);
    expect(month.catalogue.map((c: { id: string }) => c.id)).not.toContain(ids.J1);
    // 90 days take in the older view of I2.
    const quarter = (await t.request('GET', '/api/analytics/supplier?range=90d', { token: s1.token })).body.data;
    expect(views(quarter)).toEqual({ 'Item I1': 2, 'Item I2': 2 });
    expect(quarter.catalogueViews).toBe(4);
    // Today only: the buyer's and s2's views of today.
    const day = (await t.request('GET', `/api/analytics/supplier?from=${today()}&to=${today()}`, { token: s1.token }))
      .body.data;
    expect(views(day)).toEqual({ 'Item I1': 1, 'Item I2': 1 });
    expect(day.catalogueViews).toBe(2);
    // s2 sees the buyer's view of J1 and nothing of s1's items.
    const other = (await t.request('GET', '/api/analytics/supplier', { token: s2.token })).body.data;
    expect(views(other)).toEqual({ 'Item J1': 1 });
    expect(other.catalogueViews).toBe(1);

    const [stored] = (
      await t.db.execute(sql`select count(*)::int as n from catalogue_item_views where catalogue_item_id = ${ids.I1!}`)
    ).rows as Array<{ n: number }>;
    expect(stored!.n).toBe(2);
  });

  it('still answers the item when the view cannot be recorded', async () => {
    await t.db.execute(sql`alter table catalogue_item_views rename to catalogue_item_views_away`);
    try {
      const res = await t.request('GET', `/api/catalogue/${ids.I2}`, { token: buyer.token });
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(ids.I2);
    } finally {
      await t.db.execute(sql`alter table catalogue_item_views_away rename to catalogue_item_views`);
    }
  });
});

describe('dashboards for a custom from–to period', () => {
  const day = (ms: number) => ago(ms).toISOString().slice(0, 10);

  it('buyer: the trend counts only the chosen days, bucketed by day', async () => {
    // From 10 days ago to 2 days ago: T1 (2 days), T6 (5 days), T2 (10 days) published; T3 (20 days) not.
    // The active deal (responded 3 days ago) is in; the declined one is never a deal.
    const res = await t.request('GET', `/api/analytics/buyer?from=${day(10 * D)}&to=${day(2 * D)}`, {
      token: buyer.token,
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.range).toBe('custom');
    expect(d.period).toEqual({ from: day(10 * D), to: day(2 * D), unit: 'day' });
    expect(d.trend).toHaveLength(9);
    expect(d.trend[0].period).toBe(day(10 * D));
    const sum = (k: string) => d.trend.reduce((n: number, p: Record<string, number>) => n + p[k]!, 0);
    expect(sum('tendersPublished')).toBe(3);
    expect(sum('dealsValuePence')).toBe(3_000_000);
    expect(sum('conversations')).toBe(0); // all three were started today
    // Headline figures are the current state whatever the period.
    expect(d.totalTenders).toBe(6);
  });

  it('supplier and admin: a long period is bucketed by month and takes in everything', async () => {
    const from = day(400 * D);
    const s = await t.request('GET', `/api/analytics/supplier?from=${from}&to=${day(0)}`, { token: s1.token });
    expect(s.status).toBe(200);
    expect(s.body.data.period.unit).toBe('month');
    const sum = (rows: Array<Record<string, number>>, k: string) => rows.reduce((n, p) => n + p[k]!, 0);
    // Both won deals (3 and 35 days ago) and every match with a published tender (the fixture's 3,
    // plus whatever the matching job found for the tender of the "stay current" test above).
    expect(sum(s.body.data.trend, 'dealsWon')).toBe(2);
    expect(s.body.data.matchesTotal).toBeGreaterThanOrEqual(3);
    expect(sum(s.body.data.trend, 'matches')).toBe(s.body.data.matchesTotal);
    const a = await t.request('GET', `/api/admin/dashboard?from=${day(0)}&to=${day(0)}`, { token: admin.token });
    expect(a.status).toBe(200);
    expect(a.body.data.period).toEqual({ from: day(0), to: day(0), unit: 'day' });
    expect(a.body.data.trend).toHaveLength(1);
    expect(a.body.data.trend[0].contactMessages).toBe(2);
  });

  it('answers 400 with the error model for a bad period, on every dashboard', async () => {
    const future = new Date(Date.now() + 2 * D).toISOString().slice(0, 10);
    const cases: Array<[string, string]> = [
      [`from=${day(2 * D)}&to=${day(5 * D)}`, 'querystring.from'], // from after to
      [`from=${day(5 * D)}&to=${future}`, 'querystring.to'], // in the future
      [`from=${day(4 * 366 * D)}&to=${day(0)}`, 'querystring.from'], // over 3 years
      [`from=${day(5 * D)}`, 'querystring.to'], // one end only
      [`from=2026-02-30&to=${day(0)}`, 'querystring.from'], // not a date
    ];
    for (const [path, token] of [
      ['/api/analytics/buyer', buyer.token],
      ['/api/analytics/supplier', s1.token],
      ['/api/admin/dashboard', admin.token],
    ] as const) {
      for (const [q, where] of cases) {
        const res = await t.request('GET', `${path}?${q}`, { token });
        expect(res.status, `${path}?${q}`).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
        expect(
          res.body.error.details.map((x: { path: string }) => x.path),
          `${path}?${q}`,
        ).toContain(where);
      }
    }
    // Exactly 3 years is allowed.
    const [y, m, dd] = day(0).split('-').map(Number) as [number, number, number];
    const threeYears = new Date(Date.UTC(y - 3, m - 1, dd)).toISOString().slice(0, 10);
    if (threeYears.slice(5) === day(0).slice(5)) {
      expect(
        (await t.request('GET', `/api/analytics/buyer?from=${threeYears}&to=${day(0)}`, { token: buyer.token })).status,
      ).toBe(200);
    }
  });
});

describe('the admin trend reads its created_at indexes', () => {
  it('no admin trend branch needs a sequential scan', async () => {
    const from = ago(30 * D);
    const to = new Date(now + D);
    const branches = {
      signups: sql`select count(*) from users where role in ('buyer', 'supplier') and deleted_at is null and created_at >= ${from} and created_at < ${to}`,
      subscriptions: sql`select count(*) from subscriptions where created_at >= ${from} and created_at < ${to}`,
      bidAssist: sql`select count(*) from bid_assist_requests where status in ('submitted', 'in_review', 'completed') and created_at >= ${from} and created_at < ${to}`,
      contact: sql`select count(*) from contact_messages where created_at >= ${from} and created_at < ${to}`,
      recentContact: sql`select id from contact_messages order by created_at desc limit 5`,
      catalogueViews: sql`select count(*) from catalogue_item_views where catalogue_item_id = ${ids.I1!} and viewed_on between ${day0()}::date and ${day0()}::date`,
    };
    for (const [name, q] of Object.entries(branches)) {
      const plan = await t.db.transaction(async (tx) => {
        // On a small table the planner prefers a scan anyway; discouraging it shows whether an index can serve.
        await tx.execute(sql`set local enable_seqscan = off`);
        const r = await tx.execute(sql`explain ${q}`);
        return r.rows.map((x) => String(Object.values(x)[0])).join('\n');
      });
      expect(plan, name).not.toContain('Seq Scan');
      expect(plan, name).toMatch(/Index/);
    }
  });
});

function day0() {
  return new Date().toISOString().slice(0, 10);
}

describe('docs/product.md §2 supplier dashboard: match figures are the matches Connect shows, dated when they matched', () => {
  it('counts Core’s 3 per listing on open tenders like Connect, dates each by its first match (not the tender’s creation) and keeps that date across a recompute', async () => {
    // the last test of the file: its users and tenders would change the marketplace-wide figures above
    const core = await t.createUser({ role: 'supplier', plan: 'CORE', companyName: 'Core Fixture Supplies' });
    const owner = await t.createUser({ role: 'buyer' });
    const [it1] = await t.db
      .insert(catalogueItems)
      .values({ userId: core.id, title: 'Core item', description: 'Ready-mix', category: 'concrete' })
      .returning({ id: catalogueItems.id });
    await t.db.insert(catalogueItemVectors).values({ catalogueItemId: it1!.id, matchedAt: new Date(now + D) });
    const open: string[] = [];
    // Four open tenders created and published 70 days ago, and one closed one.
    for (const [i, status] of (['active', 'active', 'active', 'active', 'closed'] as const).entries()) {
      const [row] = await t.db
        .insert(tenders)
        .values({
          userId: owner.id,
          title: `Old tender ${i}`,
          description: 'Works',
          category: 'concrete',
          status,
          createdAt: ago(70 * D),
          publishedAt: ago(70 * D),
          deadline: new Date(now + 9 * D),
        })
        .returning({ id: tenders.id });
      await t.db.insert(tenderVectors).values({ tenderId: row!.id, matchedAt: new Date(now + D) });
      if (status === 'active') open.push(row!.id);
      // the closed tender scores best: Connect does not show it, so neither may the dashboard
      await t.db.insert(matches).values({
        tenderId: row!.id,
        catalogueItemId: it1!.id,
        score: status === 'closed' ? 99 : 90 - i * 10,
        matchedAt: i === 0 ? ago(40 * D) : new Date(),
      });
    }
    const connect = await t.request('GET', '/api/tender/matches/supplier', { token: core.token });
    expect(connect.status).toBe(200);
    const shown = connect.body.data.flatMap((g: { matches: unknown[] }) => g.matches).length;
    expect(shown).toBe(3);

    const d = (await t.request('GET', '/api/analytics/supplier?range=12m', { token: core.token })).body.data;
    expect(d.matchesTotal).toBe(shown);
    // the best three: the one first matched 40 days ago (an earlier month) and two matched now
    expect(d.matchesThisMonth).toBe(2);
    expect(d.catalogue).toEqual([expect.objectContaining({ id: it1!.id, matches: 3, topScore: 90 })]);
    const byMonth = Object.fromEntries(
      d.trend
        .filter((p: { matches: number }) => p.matches > 0)
        .map((p: { period: string; matches: number }) => [p.period, p.matches]),
    );
    expect(Object.values(byMonth).reduce((a: number, b) => a + (b as number), 0)).toBe(3);
    expect(byMonth[d.trend.at(-1).period]).toBe(2);

    // a recompute that keeps the pairs keeps their first-match dates, so the figures stay put
    const { replacePairs } = await import('../matching/matching.repository.ts');
    const before = await t.db.select().from(matches).where(eq(matches.catalogueItemId, it1!.id));
    await t.db.transaction((tx) =>
      replacePairs(
        tx,
        { catalogueItemId: it1!.id },
        before.map((m) => ({
          tenderId: m.tenderId,
          catalogueItemId: m.catalogueItemId,
          score: m.score,
          reasons: [],
        })) as never,
        100,
      ),
    );
    const after = await t.db.select().from(matches).where(eq(matches.catalogueItemId, it1!.id));
    expect(after.map((m) => [m.tenderId, m.matchedAt.toISOString()]).sort()).toEqual(
      before.map((m) => [m.tenderId, m.matchedAt.toISOString()]).sort(),
    );
    const again = (await t.request('GET', '/api/analytics/supplier?range=12m', { token: core.token })).body.data;
    expect([again.matchesThisMonth, again.matchesTotal]).toEqual([2, 3]);
  });
});
