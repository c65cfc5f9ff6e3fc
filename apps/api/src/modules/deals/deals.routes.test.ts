import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { CONTRACT_ACTIONS, CONTRACT_STATUSES, type ContractAction, type ContractStatus } from '@brickyard/shared';
import { catalogueItems, contracts, notifications, tenders } from '../../db/schema/index.ts';
import { tenderAudit } from '../../../test/builders.ts';
import { TEST_PASSWORD, createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { fulfilContractsForTender } from './deals.service.ts';

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let supplier: TestUser;
let otherSupplier: TestUser;
let pendingSupplier: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, otherBuyer, supplier, otherSupplier, pendingSupplier, admin] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Northgate Developments Ltd' }),
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier', companyName: 'Pennine Steel Ltd' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'supplier', approved: false, plan: null }),
    t.createUser({ role: 'admin' }),
  ]);
});
afterAll(() => t.close());

async function createTender(token = buyer.token, over: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/tender', {
    token,
    body: {
      title: 'Structural steel frame for a 4-storey office',
      description: 'Supply, fabricate and erect the structural steel frame for an office block in Salford.',
      category: 'structural-steel',
      budget: 185000,
      region: 'north-west',
      deadline: addDays(new Date(), 30).toISOString(),
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; title: string };
}

const propose = (tenderId: string, over: Record<string, unknown> = {}, token = buyer.token) =>
  t.request('POST', '/api/contract', {
    token,
    body: { tenderId, supplierId: supplier.id, value: 180000.5, terms: '30 days from invoice', ...over },
  });
const act = (id: string, action: string, token: string, extra: Record<string, unknown> = {}) =>
  t.request('PUT', `/api/contract/${id}`, { token, body: { action, ...extra } });
const tenderRow = async (id: string) => (await t.db.select().from(tenders).where(eq(tenders.id, id)))[0]!;

/** POST /api/tender/{id}/complete: the tenders service fulfils the tender's deal in the same transaction. */
async function complete(tenderId: string) {
  const res = await t.request('POST', `/api/tender/${tenderId}/complete`, { token: buyer.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('docs/product.md §7 Contracts: POST /api/contract (a buyer awards a tender)', () => {
  it('proposes a contract, moves the tender to pending with the awarded supplier, audits and notifies the supplier', async () => {
    const tender = await createTender();
    const res = await propose(tender.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      tenderId: tender.id,
      tenderTitle: tender.title,
      status: 'proposed',
      value: 180000.5,
      valuePence: 18000050,
      currency: 'GBP',
      terms: '30 days from invoice',
      side: 'buyer',
      buyer: { id: buyer.id, companyName: 'Northgate Developments Ltd', deleted: false },
      supplier: { id: supplier.id, companyName: 'Pennine Steel Ltd' },
      counterparty: { id: supplier.id },
      allowedActions: ['cancel', 'update'],
      canReview: false,
    });
    expect(await tenderRow(tender.id)).toMatchObject({ status: 'pending', awardedSupplierId: supplier.id });
    const audit = await tenderAudit(t, tender.id, 'awarded');
    expect(audit).toHaveLength(1);
    const note = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, supplier.id), eq(notifications.kind, 'contract_proposed')));
    expect(note.length).toBeGreaterThan(0);
    // the supplier sees it with their own next steps
    const mine = await t.request('GET', `/api/contract/tender/${tender.id}`, { token: supplier.token });
    expect(mine.body.data[0]).toMatchObject({
      side: 'supplier',
      allowedActions: ['accept', 'decline'],
      counterparty: { id: buyer.id },
    });
  });

  it('offers a catalogue item of that supplier only', async () => {
    const [item] = await t.db
      .insert(catalogueItems)
      .values({ userId: supplier.id, title: 'UB 203x133x25', description: 'Beams', category: 'structural-steel' })
      .returning();
    const [foreign] = await t.db
      .insert(catalogueItems)
      .values({ userId: otherSupplier.id, title: 'Other', description: 'Other', category: 'structural-steel' })
      .returning();
    const a = await createTender();
    const bad = await propose(a.id, { catalogueItemId: foreign!.id });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('catalogueItemId');
    const ok = await propose(a.id, { catalogueItemId: item!.id });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ catalogueItemId: item!.id, catalogueItemTitle: 'UB 203x133x25' });
  });

  it('refuses: anonymous 401, a supplier 403, another buyer’s tender 404, a tender not active 409, a second open contract 409', async () => {
    const tender = await createTender();
    expect(
      (await t.request('POST', '/api/contract', { body: { tenderId: tender.id, supplierId: supplier.id, value: 1 } }))
        .status,
    ).toBe(401);
    expect((await propose(tender.id, {}, supplier.token)).status).toBe(403);
    expect((await propose(tender.id, {}, otherBuyer.token)).status).toBe(404);
    expect((await propose(crypto.randomUUID())).status).toBe(404);
    const draft = await createTender(buyer.token, { status: 'draft' });
    const d = await propose(draft.id);
    expect(d.status).toBe(409);
    expect(d.body.error.code).toBe('INVALID_STATE');
    expect((await propose(tender.id)).status).toBe(201);
    const twice = await propose(tender.id, { supplierId: otherSupplier.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('INVALID_STATE');
  });

  it('refuses invalid input with 400: no value, bad money, a buyer or pending account as supplier', async () => {
    const tender = await createTender();
    const none = await t.request('POST', '/api/contract', {
      token: buyer.token,
      body: { tenderId: tender.id, supplierId: supplier.id },
    });
    expect(none.status).toBe(400);
    expect((await propose(tender.id, { value: -5 })).status).toBe(400);
    expect((await propose(tender.id, { value: 1.234 })).status).toBe(400);
    expect((await propose(tender.id, { value: 10, valuePence: 999 })).status).toBe(400);
    expect((await propose(tender.id, { supplierId: 'nope' })).status).toBe(400);
    expect((await propose(tender.id, { supplierId: otherBuyer.id })).status).toBe(400);
    expect((await propose(tender.id, { supplierId: pendingSupplier.id })).status).toBe(400);
    expect((await propose(tender.id, { currency: 'USD' })).status).toBe(400);
    expect((await tenderRow(tender.id)).status).toBe('active');
  });

  it('mass assignment: status, buyerId, fulfilledAt in the body are ignored', async () => {
    const tender = await createTender();
    const res = await propose(tender.id, {
      status: 'fulfilled',
      buyerId: otherBuyer.id,
      fulfilledAt: new Date().toISOString(),
      id: crypto.randomUUID(),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'proposed', buyer: { id: buyer.id }, fulfilledAt: null });
  });

  it('a pending (gated) supplier cannot use contracts (423)', async () => {
    expect(
      (await t.request('GET', `/api/contract/user/${pendingSupplier.id}`, { token: pendingSupplier.token })).status,
    ).toBe(423);
  });
});

describe('docs/product.md §4 contract lifecycle: PUT /api/contract/{id} — every illegal transition refused', () => {
  /** A contract straight in the database in any status, on its own tender. */
  async function contractIn(status: ContractStatus) {
    const [tender] = await t.db
      .insert(tenders)
      .values({
        userId: buyer.id,
        title: `Tender ${status}`,
        description: 'x',
        category: 'structural-steel',
        status:
          status === 'proposed' || status === 'active' ? 'pending' : status === 'fulfilled' ? 'fulfilled' : 'active',
        awardedSupplierId: supplier.id,
      })
      .returning();
    const [c] = await t.db
      .insert(contracts)
      .values({
        tenderId: tender!.id,
        tenderTitle: tender!.title,
        buyerId: buyer.id,
        supplierId: supplier.id,
        valuePence: 1000,
        status,
      })
      .returning();
    return c!;
  }

  const legal: Record<ContractStatus, ContractAction[]> = {
    proposed: ['accept', 'decline', 'cancel', 'update'],
    active: ['cancel'],
    fulfilled: [],
    declined: [],
    cancelled: [],
  };
  const next: Record<ContractAction, ContractStatus> = {
    accept: 'active',
    decline: 'declined',
    cancel: 'cancelled',
    update: 'proposed',
  };
  const by: Record<ContractAction, 'buyer' | 'supplier'> = {
    accept: 'supplier',
    decline: 'supplier',
    cancel: 'buyer',
    update: 'buyer',
  };

  for (const status of CONTRACT_STATUSES) {
    for (const action of CONTRACT_ACTIONS) {
      const allowed = legal[status].includes(action);
      it(`${status} + ${action} by the ${by[action]} → ${allowed ? next[action] : '409 INVALID_STATE'}`, async () => {
        const c = await contractIn(status);
        const token = by[action] === 'buyer' ? buyer.token : supplier.token;
        const res = await act(c.id, action, token, action === 'update' ? { value: 12.5 } : {});
        if (allowed) {
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body.data.status).toBe(next[action]);
        } else {
          expect(res.status).toBe(409);
          expect(res.body.error.code).toBe('INVALID_STATE');
          const [row] = await t.db.select().from(contracts).where(eq(contracts.id, c.id));
          expect(row!.status).toBe(status);
        }
      });
    }
  }

  it('the wrong party is refused 403 (buyer accepting, supplier cancelling); a stranger or admin cannot act', async () => {
    const c = await contractIn('proposed');
    for (const a of ['accept', 'decline']) expect((await act(c.id, a, buyer.token)).status).toBe(403);
    for (const a of ['cancel', 'update']) expect((await act(c.id, a, supplier.token)).status).toBe(403);
    expect((await act(c.id, 'accept', otherSupplier.token)).status).toBe(404);
    expect((await act(c.id, 'cancel', otherBuyer.token)).status).toBe(404);
    expect((await act(c.id, 'cancel', admin.token)).status).toBe(403);
    expect((await act(c.id, 'accept', '')).status).toBe(401);
    expect((await act(c.id, 'fulfil', buyer.token)).status).toBe(400);
    expect((await act(crypto.randomUUID(), 'accept', supplier.token)).status).toBe(404);
    const [row] = await t.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(row!.status).toBe('proposed');
  });

  it('mass assignment on PUT: status or supplierId beside an action are ignored', async () => {
    const c = await contractIn('proposed');
    const res = await act(c.id, 'update', buyer.token, {
      value: 99,
      status: 'fulfilled',
      supplierId: otherSupplier.id,
      buyerId: otherBuyer.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'proposed',
      value: 99,
      supplier: { id: supplier.id },
      buyer: { id: buyer.id },
    });
  });

  it('declining or cancelling re-opens the tender (active, no awarded supplier) and tells the other side', async () => {
    const a = await createTender();
    const ca = (await propose(a.id)).body.data;
    const declined = await act(ca.id, 'decline', supplier.token, { reason: 'No capacity in March' });
    expect(declined.body.data).toMatchObject({ status: 'declined', note: 'No capacity in March' });
    expect(await tenderRow(a.id)).toMatchObject({ status: 'active', awardedSupplierId: null });
    // and it can be awarded again
    const cb = (await propose(a.id, { supplierId: otherSupplier.id })).body.data;
    expect((await act(cb.id, 'accept', otherSupplier.token)).body.data.status).toBe('active');
    expect((await act(cb.id, 'cancel', buyer.token)).body.data.status).toBe('cancelled');
    expect(await tenderRow(a.id)).toMatchObject({ status: 'active', awardedSupplierId: null });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, otherSupplier.id));
    expect(notes.map((n) => n.kind)).toEqual(expect.arrayContaining(['contract_proposed', 'contract_cancelled']));
  });
});

describe('docs/product.md §7 DELETE /api/contract/{id}', () => {
  it('the buyer deletes a proposal only; the supplier 403; an active one 409; a stranger 404', async () => {
    const a = await createTender();
    const c = (await propose(a.id)).body.data;
    expect((await t.request('DELETE', `/api/contract/${c.id}`, { token: supplier.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/contract/${c.id}`, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/contract/${c.id}`)).status).toBe(401);
    expect((await t.request('DELETE', `/api/contract/${c.id}`, { token: buyer.token })).status).toBe(200);
    expect(await tenderRow(a.id)).toMatchObject({ status: 'active', awardedSupplierId: null });
    expect((await t.request('DELETE', `/api/contract/${c.id}`, { token: buyer.token })).status).toBe(404);

    const b = await createTender();
    const d = (await propose(b.id)).body.data;
    await act(d.id, 'accept', supplier.token);
    const active = await t.request('DELETE', `/api/contract/${d.id}`, { token: buyer.token });
    expect(active.status).toBe(409);
    expect(active.body.error.code).toBe('INVALID_STATE');
  });
});

describe('docs/product.md §7 GET /api/contract/tender/{id} and /api/contract/user/{id}', () => {
  it('a tender’s contracts: all to its buyer and admins, their own to a supplier; 404 to another buyer', async () => {
    const a = await createTender();
    const c = (await propose(a.id)).body.data;
    await act(c.id, 'decline', supplier.token);
    await propose(a.id, { supplierId: otherSupplier.id });
    const mine = await t.request('GET', `/api/contract/tender/${a.id}`, { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(2);
    expect(mine.body.meta.total).toBe(2);
    expect((await t.request('GET', `/api/contract/tender/${a.id}`, { token: admin.token })).body.data).toHaveLength(2);
    const theirs = await t.request('GET', `/api/contract/tender/${a.id}`, { token: otherSupplier.token });
    expect(theirs.body.data.map((x: { supplier: { id: string } }) => x.supplier.id)).toEqual([otherSupplier.id]);
    expect((await t.request('GET', `/api/contract/tender/${a.id}`, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('GET', `/api/contract/tender/${a.id}`)).status).toBe(401);
    expect((await t.request('GET', '/api/contract/tender/nope', { token: buyer.token })).status).toBe(400);
    const none = await createTender();
    const empty = await t.request('GET', `/api/contract/tender/${none.id}`, { token: buyer.token });
    expect(empty.body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await t.request('GET', `/api/contract/tender/${none.id}`, { token: supplier.token })).body.data).toEqual(
      [],
    );
    const unknown = await t.request('GET', `/api/contract/tender/${crypto.randomUUID()}`, { token: buyer.token });
    expect(unknown.status).toBe(404);
  });

  it('a user’s deals with counterparty, tender title, status filter and value totals by status in meta', async () => {
    const u = await t.createUser({ role: 'supplier', companyName: 'Totals Ltd' });
    const a = await createTender();
    const b = await createTender();
    const ca = (await propose(a.id, { supplierId: u.id, value: 100 })).body.data;
    const cb = (await propose(b.id, { supplierId: u.id, value: 250.25 })).body.data;
    await act(ca.id, 'accept', u.token);
    await act(cb.id, 'decline', u.token);
    const res = await t.request('GET', `/api/contract/user/${u.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(res.body.meta.totals).toMatchObject({
      active: { count: 1, valuePence: 10000, value: 100 },
      declined: { count: 1, valuePence: 25025, value: 250.25 },
      proposed: { count: 0, valuePence: 0, value: 0 },
      fulfilled: { count: 0, valuePence: 0, value: 0 },
    });
    expect(res.body.data[0]).toMatchObject({
      side: 'supplier',
      counterparty: { id: buyer.id, companyName: 'Northgate Developments Ltd' },
      tenderTitle: expect.any(String),
    });
    const active = await t.request('GET', `/api/contract/user/${u.id}?status=active`, { token: u.token });
    expect(active.body.data.map((x: { id: string }) => x.id)).toEqual([ca.id]);
    expect((await t.request('GET', `/api/contract/user/${u.id}?status=bogus`, { token: u.token })).status).toBe(400);
    expect((await t.request('GET', `/api/contract/user/${u.id}`, { token: buyer.token })).status).toBe(404);
    expect((await t.request('GET', `/api/contract/user/${u.id}`, { token: admin.token })).body.meta.total).toBe(2);
    expect((await t.request('GET', `/api/contract/user/${u.id}`)).status).toBe(401);
  });
});

describe('docs/product.md §4 fulfilment and reviews: complete → fulfilled → each side reviews once', () => {
  it('fulfilContractsForTender fulfils the active contract and withdraws a proposal still unanswered', async () => {
    const a = await createTender();
    const ca = (await propose(a.id)).body.data;
    await act(ca.id, 'accept', supplier.token);
    await complete(a.id);
    const [row] = await t.db.select().from(contracts).where(eq(contracts.id, ca.id));
    expect(row).toMatchObject({ status: 'fulfilled' });
    expect(row!.fulfilledAt).not.toBeNull();
    expect(await tenderRow(a.id)).toMatchObject({ status: 'fulfilled', awardedSupplierId: supplier.id });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'contract_fulfilled')));
    expect(notes.map((n) => n.userId)).toEqual(expect.arrayContaining([buyer.id, supplier.id]));

    const b = await createTender();
    const cb = (await propose(b.id)).body.data;
    await complete(b.id);
    const [rb] = await t.db.select().from(contracts).where(eq(contracts.id, cb.id));
    expect(rb!.status).toBe('cancelled');
  });

  it('reviews: before fulfilment 409, a stranger 404, bad rating or long text 400, once per side (409), shown on the profile', async () => {
    const a = await createTender();
    const c = (await propose(a.id)).body.data;
    const early = await t.request('POST', '/api/reviews', {
      token: buyer.token,
      body: { contractId: c.id, rating: 5, text: 'Great' },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('INVALID_STATE');
    await act(c.id, 'accept', supplier.token);
    await complete(a.id);
    const deal = await t.request('GET', `/api/contract/tender/${a.id}`, { token: buyer.token });
    expect(deal.body.data[0]).toMatchObject({ status: 'fulfilled', canReview: true, allowedActions: [] });

    expect(
      (await t.request('POST', '/api/reviews', { token: otherBuyer.token, body: { contractId: c.id, rating: 5 } }))
        .status,
    ).toBe(404);
    expect((await t.request('POST', '/api/reviews', { body: { contractId: c.id, rating: 5 } })).status).toBe(401);
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: 5, text: 'x'.repeat(2001) }, {}]) {
      expect(
        (await t.request('POST', '/api/reviews', { token: buyer.token, body: { contractId: c.id, ...bad } })).status,
      ).toBe(400);
    }
    const byBuyer = await t.request('POST', '/api/reviews', {
      token: buyer.token,
      body: {
        contractId: c.id,
        rating: 5,
        text: 'On time and to spec.',
        reviewerId: otherBuyer.id,
        revieweeId: buyer.id,
      },
    });
    expect(byBuyer.status, JSON.stringify(byBuyer.body)).toBe(201);
    expect(byBuyer.body.data).toMatchObject({
      rating: 5,
      text: 'On time and to spec.',
      revieweeId: supplier.id,
      reviewer: { id: buyer.id, companyName: 'Northgate Developments Ltd', role: 'buyer' },
    });
    const again = await t.request('POST', '/api/reviews', {
      token: buyer.token,
      body: { contractId: c.id, rating: 1 },
    });
    expect(again.status).toBe(409);
    expect(
      (
        await t.request('POST', '/api/reviews', {
          token: supplier.token,
          body: { contractId: c.id, rating: 4, text: 'Clear drawings, paid promptly.' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await t.request('GET', `/api/contract/tender/${a.id}`, { token: buyer.token })).body.data[0].canReview,
    ).toBe(false);

    // a second fulfilled deal with a 3-star review: average 4
    const b = await createTender();
    const cb = (await propose(b.id)).body.data;
    await act(cb.id, 'accept', supplier.token);
    await complete(b.id);
    await t.request('POST', '/api/reviews', { token: buyer.token, body: { contractId: cb.id, rating: 3 } });

    const list = await t.request('GET', `/api/reviews/${supplier.id}`, { token: buyer.token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ total: 2, count: 2, average: 4 });
    expect(list.body.data[0]).toMatchObject({ rating: 3 });
    const own = await t.request('GET', '/api/reviews', { token: supplier.token });
    expect(own.body.meta).toMatchObject({ count: 2, average: 4 });
    const buyerOwn = await t.request('GET', '/api/reviews', { token: buyer.token });
    expect(buyerOwn.body.data.map((r: { text: string }) => r.text)).toEqual(['Clear drawings, paid promptly.']);
    const profile = await t.request('GET', `/api/users/profile/${supplier.id}`, { token: buyer.token });
    expect(profile.body.data.reviewSummary).toEqual({ average: 4, count: 2 });
    expect(profile.body.data.reviews.map((r: { rating: number }) => r.rating)).toEqual([3, 5]);
    // same-role viewers cannot list a user's reviews; anonymous 401
    expect((await t.request('GET', `/api/reviews/${supplier.id}`, { token: otherSupplier.token })).status).toBe(404);
    expect((await t.request('GET', `/api/reviews/${supplier.id}`)).status).toBe(401);
  });

  it('account deletion: the counterparty’s deal history and reviews survive, anonymised; open deals are cancelled', async () => {
    const leaver = await t.createUser({ role: 'supplier', companyName: 'Leaving Steel Ltd' });
    const a = await createTender();
    const c = (await propose(a.id, { supplierId: leaver.id })).body.data;
    await act(c.id, 'accept', leaver.token);
    await complete(a.id);
    await t.request('POST', '/api/reviews', {
      token: leaver.token,
      body: { contractId: c.id, rating: 4, text: 'Good client' },
    });
    const b = await createTender();
    const open = (await propose(b.id, { supplierId: leaver.id })).body.data;

    const del = await t.request('DELETE', '/api/settings/account', {
      token: leaver.token,
      body: { confirm: 'DELETE', password: TEST_PASSWORD },
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: leaver.email, password: TEST_PASSWORD } })).status,
    ).toBe(401);

    const history = await t.request('GET', `/api/contract/user/${buyer.id}?status=fulfilled`, { token: buyer.token });
    const kept = history.body.data.find((x: { id: string }) => x.id === c.id);
    expect(kept).toMatchObject({
      status: 'fulfilled',
      tenderTitle: a.title,
      counterparty: { id: leaver.id, name: 'Deleted user', companyName: 'Deleted company', deleted: true },
    });
    const cancelled = await t.request('GET', `/api/contract/tender/${b.id}`, { token: buyer.token });
    expect(cancelled.body.data[0]).toMatchObject({ id: open.id, status: 'cancelled' });
    expect(await tenderRow(b.id)).toMatchObject({ status: 'active', awardedSupplierId: null });
    const reviews = await t.request('GET', '/api/reviews', { token: buyer.token });
    expect(reviews.body.data.find((r: { text: string }) => r.text === 'Good client')).toMatchObject({
      reviewer: { name: 'Deleted user', companyName: 'Deleted company' },
    });
    expect(JSON.stringify(history.body)).not.toContain(leaver.email);
  });
});

describe('docs/product.md §4 tender withdrawal: cancelContractsForTender (for the tenders service)', () => {
  it('cancels the open contract of a tender and tells the supplier', async () => {
    const { cancelContractsForTender } = await import('./deals.service.ts');
    const a = await createTender();
    const c = (await propose(a.id)).body.data;
    await act(c.id, 'accept', supplier.token);
    expect(await t.db.transaction((tx) => cancelContractsForTender(tx, a.id))).toBe(1);
    const [row] = await t.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(row).toMatchObject({ status: 'cancelled', note: 'The buyer withdrew the tender' });
    expect(await t.db.transaction((tx) => cancelContractsForTender(tx, a.id))).toBe(0);
  });
});

describe('docs/product.md §4/§7 a deal follows its tender through the tenders API', () => {
  it('completing the tender fulfils the accepted contract; withdrawing the tender cancels an open one', async () => {
    const done = await createTender();
    const c = (await propose(done.id)).body.data;
    expect((await act(c.id, 'accept', supplier.token)).status).toBe(200);
    await complete(done.id);
    const [row] = await t.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(row!.status).toBe('fulfilled');
    // fulfilContractsForTender is idempotent: nothing is left to fulfil
    expect(await t.db.transaction((tx) => fulfilContractsForTender(tx, done.id))).toBe(0);

    const withdrawn = await createTender();
    const p = (await propose(withdrawn.id)).body.data;
    const cancel = await t.request('PUT', `/api/tender/${withdrawn.id}`, {
      token: buyer.token,
      body: { status: 'cancelled' },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const [cancelled] = await t.db.select().from(contracts).where(eq(contracts.id, p.id));
    expect(cancelled!.status).toBe('cancelled');
  });
});

describe('a deleted account leaves the counterparty’s deal history, anonymised', () => {
  it('the buyer still sees the fulfilled deal and the review, under “Deleted company”', async () => {
    const leaving = await t.createUser({ role: 'supplier', companyName: 'Vanishing Steel Ltd' });
    const a = await createTender();
    const c = (await propose(a.id, { supplierId: leaving.id })).body.data;
    await act(c.id, 'accept', leaving.token);
    await complete(a.id);
    const review = await t.request('POST', '/api/reviews', {
      token: leaving.token,
      body: { contractId: c.id, rating: 4, text: 'Paid on time.' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);

    const gone = await t.request('DELETE', '/api/settings/account', {
      token: leaving.token,
      body: { confirm: 'DELETE', password: TEST_PASSWORD },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);

    const deals = await t.request('GET', `/api/contract/tender/${a.id}`, { token: buyer.token });
    expect(deals.status).toBe(200);
    expect(deals.body.data).toHaveLength(1);
    expect(deals.body.data[0].status).toBe('fulfilled');
    expect(JSON.stringify(deals.body.data[0])).toContain('Deleted company');
    expect(JSON.stringify(deals.body.data[0])).not.toContain('Vanishing Steel');
    const reviews = await t.request('GET', `/api/reviews/${buyer.id}`, { token: buyer.token });
    expect(reviews.status).toBe(200);
    const kept = (reviews.body.data.reviews ?? reviews.body.data).find(
      (r: { text: string }) => r.text === 'Paid on time.',
    );
    expect(kept).toBeTruthy();
    expect(JSON.stringify(kept)).not.toContain('Vanishing Steel');
  });
});
