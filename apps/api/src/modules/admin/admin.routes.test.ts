import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { firstPeriodPricePence, periodPricePence } from '@brickyard/shared';
import { subscriptions } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('docs/product.md §6 admins list users and approve them', () => {
  it('lists users with role, approval and text filters, paginated, for admins only', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const waiting = await t.createUser({ role: 'buyer', approved: false, plan: null, companyName: 'Zephyr Roofing' });
    await t.createUser({ role: 'supplier', companyName: 'Granite Aggregates' });

    const all = await t.request('GET', '/api/auth/users?pageSize=2', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.meta).toMatchObject({ page: 1, pageSize: 2 });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(3);
    // waiting accounts come first
    expect(all.body.data[0].approved).toBe(false);

    const pending = await t.request('GET', '/api/auth/users?approved=false', { token: admin.token });
    expect(pending.body.data.map((u: { id: string }) => u.id)).toEqual([waiting.id]);

    const bySearch = await t.request('GET', '/api/auth/users?q=granite', { token: admin.token });
    expect(bySearch.body.data.map((u: { companyName: string }) => u.companyName)).toEqual(['Granite Aggregates']);

    const byRole = await t.request('GET', '/api/auth/users?role=supplier', { token: admin.token });
    expect(byRole.body.data.every((u: { role: string }) => u.role === 'supplier')).toBe(true);
    // never a password hash
    expect(JSON.stringify(all.body)).not.toContain('argon2');

    const hostile = await t.request('GET', `/api/auth/users?q=${encodeURIComponent("%' or 1=1 --")}`, {
      token: admin.token,
    });
    expect(hostile.status).toBe(200);
    expect(hostile.body.data).toEqual([]);

    const bad = await t.request('GET', '/api/auth/users?role=wizard&page=0', { token: admin.token });
    expect(bad.status).toBe(400);
  });

  it('every combination of filters answers from its own statement, each filter applied, in the list order', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const made = [];
    for (const [role, approved, companyName] of [
      ['supplier', false, 'Quarry Lane Stone 1'],
      ['supplier', true, 'Quarry Lane Stone 2'],
      ['buyer', false, 'Quarry Lane Homes 3'],
      ['supplier', false, 'Quarry Lane Stone 4'],
      ['buyer', true, 'Quarry Lane Homes 5'],
    ] as const)
      made.push(await t.createUser({ role, approved, plan: approved ? 'CORE' : null, companyName }));
    const names = async (query: string) => {
      const res = await t.request('GET', `/api/auth/users?${query}`, { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { names: res.body.data.map((u: { companyName: string }) => u.companyName), total: res.body.meta.total };
    };
    // waiting first, newest first within each
    expect(await names('q=quarry+lane')).toEqual({
      names: [
        'Quarry Lane Stone 4',
        'Quarry Lane Homes 3',
        'Quarry Lane Stone 1',
        'Quarry Lane Homes 5',
        'Quarry Lane Stone 2',
      ],
      total: 5,
    });
    expect(await names('q=quarry+lane&role=supplier&approved=false')).toEqual({
      names: ['Quarry Lane Stone 4', 'Quarry Lane Stone 1'],
      total: 2,
    });
    expect(await names('q=quarry+lane&role=buyer')).toEqual({
      names: ['Quarry Lane Homes 3', 'Quarry Lane Homes 5'],
      total: 2,
    });
    expect(await names('q=quarry+lane&approved=true&pageSize=1&page=2')).toEqual({
      names: ['Quarry Lane Stone 2'],
      total: 2,
    });
    // the same shape with other values: the values are parameters, not part of the statement
    expect(await names('q=homes&role=buyer&approved=true')).toEqual({ names: ['Quarry Lane Homes 5'], total: 1 });
    expect(await names('q=stone&role=supplier&approved=true')).toEqual({ names: ['Quarry Lane Stone 2'], total: 1 });
  });

  it('the list is kept between visits yet shows the next approval, subscription, signup and a subscription ending', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const tag = `Quarry ${crypto.randomUUID().slice(0, 8)}`;
    const user = await t.createUser({ role: 'supplier', approved: false, plan: null, companyName: `${tag} Ltd` });
    const listed = async () => {
      const path = `/api/auth/users?q=${encodeURIComponent(tag)}`;
      const res = await t.request('GET', path, { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const again = await t.request('GET', path, { token: admin.token });
      expect(again.body).toEqual(res.body);
      return res.body as {
        data: Array<{ id: string; approved: boolean; plan: string | null; hasActiveSubscription: boolean }>;
        meta: { total: number };
      };
    };
    expect((await listed()).data).toEqual([
      expect.objectContaining({ id: user.id, approved: false, plan: null, hasActiveSubscription: false }),
    ]);

    const approved = await t.request('POST', '/api/auth/approve-user', {
      token: admin.token,
      body: { userId: user.id },
    });
    expect(approved.status).toBe(200);
    expect((await listed()).data[0]).toMatchObject({ approved: true });

    // a subscription whose period ends in a moment
    const ends = new Date(Date.now() + 1_500);
    await t.subscribe(user.id, 'GROWTH', ends);
    expect((await listed()).data[0]).toMatchObject({ plan: 'GROWTH', hasActiveSubscription: true });
    await new Promise((r) => setTimeout(r, ends.getTime() - Date.now() + 100));
    expect((await listed()).data[0]).toMatchObject({ plan: null, hasActiveSubscription: false });

    await t.createUser({ role: 'buyer', companyName: `${tag} Developments` });
    expect((await listed()).meta.total).toBe(2);
  });

  it('a server clock running ahead of the database never keeps a page showing a subscription as active for good', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const tag = `Skew ${crypto.randomUUID().slice(0, 8)}`;
    const user = await t.createUser({ role: 'buyer', plan: null, companyName: `${tag} Ltd` });
    const ends = new Date(Date.now() + 1_500);
    await t.subscribe(user.id, 'CORE', ends);
    const active = async () => {
      const res = await t.request('GET', `/api/auth/users?q=${encodeURIComponent(tag)}`, { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data[0].hasActiveSubscription as boolean;
    };
    // this server's clock 10 s ahead: by it the period has ended, by PostgreSQL's not yet
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_000, shouldAdvanceTime: true });
    try {
      expect(await active()).toBe(true);
      await new Promise((r) => setTimeout(r, 1_700));
      expect(await active()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses non-admins with 403 and anonymous callers with 401', async () => {
    const buyer = await t.createUser({ role: 'buyer' });
    expect((await t.request('GET', '/api/auth/users', { token: buyer.token })).status).toBe(403);
    expect((await t.request('GET', '/api/auth/users')).status).toBe(401);
    const res = await t.request('POST', '/api/auth/approve-user', { token: buyer.token, body: { userId: buyer.id } });
    expect(res.status).toBe(403);
  });

  it('approves a user: the account opens, a notification is recorded and a mail is sent', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const user = await t.createUser({ role: 'supplier', approved: false, plan: null });
    const before = await t.request('GET', '/api/auth/session', { token: user.token });
    expect(before.body.data.approved).toBe(false);

    const res = await t.request('POST', '/api/auth/approve-user', { token: admin.token, body: { userId: user.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: user.id, approved: true });

    const after = await t.request('GET', '/api/auth/session', { token: user.token });
    expect(after.body.data.approved).toBe(true);
    const notes = await t.request('GET', '/api/notifications', { token: user.token });
    expect(notes.body.data[0]).toMatchObject({ kind: 'account_approved', read: false });
    expect((await t.request('GET', '/api/notifications/unread-count', { token: user.token })).body).toEqual({
      count: 1,
    });
    expect(t.mails.filter((m) => m.to === user.email && /approved/i.test(m.subject))).toHaveLength(1);

    // approving twice changes nothing and sends nothing more
    await t.request('POST', '/api/auth/approve-user', { token: admin.token, body: { userId: user.id } });
    expect(t.mails.filter((m) => m.to === user.email && /approved/i.test(m.subject))).toHaveLength(1);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const missing = await t.request('POST', '/api/auth/approve-user', {
      token: admin.token,
      body: { userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    const bad = await t.request('POST', '/api/auth/approve-user', { token: admin.token, body: { userId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('body.userId');
  });

  it('counts a first month bought with EARLYBIRD at the plan price in MRR (the promo is once, the renewal is full price)', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await fresh.createUser({ role: 'admin' });
      const promo = await fresh.createUser({ role: 'supplier', plan: 'CORE' });
      const yearly = await fresh.createUser({ role: 'buyer', plan: 'GROWTH' });
      await fresh.db
        .update(subscriptions)
        .set({ promoCode: 'EARLYBIRD', pricePaidPence: firstPeriodPricePence('CORE', 'monthly', 'EARLYBIRD')! })
        .where(eq(subscriptions.userId, promo.id));
      await fresh.db
        .update(subscriptions)
        .set({ cycle: 'yearly', pricePaidPence: periodPricePence('GROWTH', 'yearly')! })
        .where(eq(subscriptions.userId, yearly.id));
      const res = await fresh.request('GET', '/api/admin/overview', { token: admin.token });
      expect(res.status).toBe(200);
      expect(firstPeriodPricePence('CORE', 'monthly', 'EARLYBIRD')).toBe(6930);
      expect(res.body.data.monthlyRecurringRevenuePence).toBe(
        9900 + Math.round(periodPricePence('GROWTH', 'yearly')! / 12),
      );
    } finally {
      await fresh.close();
    }
  });

  it('computes the admin dashboard figures from the database', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await fresh.createUser({ role: 'admin' });
      await fresh.createUser({ role: 'buyer', plan: 'GROWTH' });
      await fresh.createUser({ role: 'supplier', plan: 'CORE' });
      await fresh.createUser({ role: 'supplier', approved: false, plan: null });
      const res = await fresh.request('GET', '/api/admin/overview', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        usersByRole: { buyer: 1, supplier: 2, admin: 1 },
        awaitingApproval: 1,
        activeSubscriptions: { CORE: 1, GROWTH: 1, PARTNER: 0 },
        monthlyRecurringRevenuePence: 0,
        contactMessages: 0,
      });
      expect(res.body.data.oldestAwaitingHours).toBe(0);
      // kept between visits, and never older than the users and subscriptions it counts
      await fresh.createUser({ role: 'buyer', approved: false, plan: null });
      await fresh.createUser({ role: 'supplier', plan: 'PARTNER' });
      const again = await fresh.request('GET', '/api/admin/overview', { token: admin.token });
      expect(again.body.data).toMatchObject({
        usersByRole: { buyer: 2, supplier: 3, admin: 1 },
        awaitingApproval: 2,
        activeSubscriptions: { CORE: 1, GROWTH: 1, PARTNER: 1 },
      });
    } finally {
      await fresh.close();
    }
  });
});
