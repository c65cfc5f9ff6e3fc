import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, subMinutes } from 'date-fns';
import { and, eq, sql } from 'drizzle-orm';
import {
  catalogueItems,
  contracts,
  matches,
  notifications,
  reviews,
  tenderResponseVersions,
  tenders,
} from '../../db/schema/index.ts';
import { tenderAudit } from '../../../test/builders.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let s1: TestUser;
let s2: TestUser;
let s3: TestUser;
let pendingSupplier: TestUser;
let unsubscribed: TestUser;
let itemOfS1: string;
let itemOfS2: string;

beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 256 * 1024 });
  [buyer, otherBuyer, s1, s2, s3, pendingSupplier, unsubscribed] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Northgate Developments Ltd' }),
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier', companyName: 'Pennine Steel Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Mersey Fabrication Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Tyne Frames Ltd' }),
    t.createUser({ role: 'supplier', approved: false, plan: null }),
    t.createUser({ role: 'supplier', plan: null }),
  ]);
  const [a] = await t.db
    .insert(catalogueItems)
    .values({
      userId: s1.id,
      title: 'UB 203x133x25 beam',
      description: 'Universal beams',
      category: 'structural-steel',
      valuePence: 12550,
      leadTimeDays: 10,
    })
    .returning();
  const [b] = await t.db
    .insert(catalogueItems)
    .values({ userId: s2.id, title: 'Column', description: 'Columns', category: 'structural-steel', valuePence: 9900 })
    .returning();
  itemOfS1 = a!.id;
  itemOfS2 = b!.id;
});
afterAll(() => t.close());

async function createTender(over: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/tender', {
    token: buyer.token,
    body: {
      title: 'Structural steel frame for a 4-storey office',
      description: 'Supply, fabricate and erect the structural steel frame for an office block in Salford.',
      category: 'structural-steel',
      budget: 185000,
      region: 'north-west',
      deadline: addDays(new Date(), 30).toISOString(),
      warrantyRequirement: true,
      insurance: '£10m public liability',
      qualityStandards: ['ISO 9001'],
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; responseMode: string; questionDeadline: string | null };
}

const allMet = [
  { requirement: 'warranty', answer: 'meets' },
  { requirement: 'insurance', answer: 'meets', comment: '£10m with Aviva' },
  { requirement: 'quality:ISO 9001', answer: 'meets' },
];

function bid(over: Record<string, unknown> = {}) {
  return {
    lines: [{ description: 'Fabricate and erect frame', quantity: 1, unitPrice: 150000 }],
    leadTimeDays: 42,
    validityDays: 90,
    note: 'Price includes delivery to site.',
    requirementAnswers: allMet,
    status: 'submitted',
    ...over,
  };
}

const respond = (tenderId: string, token: string, body: unknown = bid()) =>
  t.request('POST', `/api/tender/${tenderId}/responses`, { token, body });
/** The deadline passes (straight in the database: the API refuses a deadline in the past). */
const closeDeadline = (tenderId: string) =>
  t.db
    .update(tenders)
    .set({ deadline: subMinutes(new Date(), 1) })
    .where(eq(tenders.id, tenderId));
const notes = (userId: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('tender response mode and question deadline', () => {
  it('a tender is sealed by default and takes responseMode and questionDeadline on create and update', async () => {
    const tender = await createTender();
    expect(tender).toMatchObject({ responseMode: 'sealed', questionDeadline: null });
    const qd = addDays(new Date(), 7).toISOString();
    // a published sealed tender may not be opened early (the buyer would read the bids)
    const peek = await t.request('PUT', `/api/tender/${tender.id}`, {
      token: buyer.token,
      body: { responseMode: 'open' },
    });
    expect(peek.status).toBe(409);
    const draft = await createTender({ status: 'draft' });
    const put = await t.request('PUT', `/api/tender/${draft.id}`, {
      token: buyer.token,
      body: { responseMode: 'open', questionDeadline: qd },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ responseMode: 'open', questionDeadline: qd });
    const q = await t.request('PUT', `/api/tender/${tender.id}`, {
      token: buyer.token,
      body: { questionDeadline: qd },
    });
    expect(q.body.data).toMatchObject({ responseMode: 'sealed', questionDeadline: qd });
    const bad = await t.request('PUT', `/api/tender/${tender.id}`, {
      token: buyer.token,
      body: { responseMode: 'secret' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/tender/{id}/responses (supplier)', () => {
  it('submits priced lines (a catalogue item priced from the catalogue, and a free line) with the total in £', async () => {
    const tender = await createTender();
    const res = await respond(
      tender.id,
      s1.token,
      bid({
        lines: [
          { catalogueItemId: itemOfS1, description: 'UB 203x133x25 beam', quantity: 12, unit: 'each' },
          { description: 'Erection', quantity: 1.5, unitPrice: 999.99 },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      tenderId: tender.id,
      supplier: { id: s1.id, companyName: 'Pennine Steel Ltd', verified: true, fulfilledDeals: 0 },
      lines: [
        {
          catalogueItemId: itemOfS1,
          quantity: 12,
          unit: 'each',
          unitPrice: 125.5,
          unitPricePence: 12550,
          lineTotal: 1506,
          lineTotalPence: 150600,
        },
        { catalogueItemId: null, quantity: 1.5, unit: 'each', unitPrice: 999.99, lineTotalPence: 149999 },
      ],
      total: 3005.99,
      totalPence: 300599,
      status: 'submitted',
      version: 1,
    });
    expect(res.body.data.submittedAt).toEqual(expect.any(String));
    // the buyer is told, the tender's audit trail records it, the version is kept
    expect((await notes(buyer.id, 'tender_response')).length).toBeGreaterThan(0);
    const audit = await tenderAudit(t, tender.id, 'response_submitted');
    expect(audit).toHaveLength(1);
    const versions = await t.db
      .select()
      .from(tenderResponseVersions)
      .where(eq(tenderResponseVersions.responseId, res.body.data.id));
    expect(versions.map((v) => v.version)).toEqual([1]);
  });

  it('one live response per supplier: a second answers 409; after withdrawing, a new one is taken', async () => {
    const tender = await createTender();
    const first = await respond(tender.id, s1.token);
    expect(first.status).toBe(201);
    const second = await respond(tender.id, s1.token);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('CONFLICT');
    const w = await t.request('POST', `/api/responses/${first.body.data.id}/withdraw`, { token: s1.token });
    expect(w.status).toBe(200);
    expect(w.body.data.status).toBe('withdrawn');
    expect((await respond(tender.id, s1.token)).status).toBe(201);
  });

  it('refuses bad input with 400: negative price, zero quantity, a catalogue item not yours, an unknown requirement, an unanswered one', async () => {
    const tender = await createTender();
    const negative = await respond(
      tender.id,
      s1.token,
      bid({ lines: [{ description: 'x', quantity: 1, unitPrice: -5 }] }),
    );
    expect(negative.status).toBe(400);
    expect(negative.body.error.code).toBe('VALIDATION_FAILED');
    expect(negative.body.error.details[0].path).toBe('body.lines.0.unitPrice');
    expect(
      (await respond(tender.id, s1.token, bid({ lines: [{ description: 'x', quantity: 0, unitPrice: 5 }] }))).status,
    ).toBe(400);
    const foreign = await respond(
      tender.id,
      s1.token,
      bid({ lines: [{ catalogueItemId: itemOfS2, description: 'x', quantity: 1 }] }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0].path).toBe('lines.0.catalogueItemId');
    const unknown = await respond(
      tender.id,
      s1.token,
      bid({ lines: [{ catalogueItemId: crypto.randomUUID(), description: 'x', quantity: 1 }] }),
    );
    expect(unknown.status).toBe(400);
    const strange = await respond(
      tender.id,
      s1.token,
      bid({ requirementAnswers: [...allMet, { requirement: 'fire-rating', answer: 'meets' }] }),
    );
    expect(strange.status).toBe(400);
    const missing = await respond(tender.id, s1.token, bid({ requirementAnswers: allMet.slice(0, 1) }));
    expect(missing.status).toBe(400);
    expect(
      (
        await respond(
          tender.id,
          s1.token,
          bid({ requirementAnswers: [{ requirement: 'warranty', answer: 'perhaps' }] }),
        )
      ).status,
    ).toBe(400);
    expect((await respond(tender.id, s1.token, { ...bid(), documents: ['../../etc/passwd'] })).status).toBe(400);
    expect((await respond(tender.id, s1.token, 'not json')).status).toBe(400);
    // a draft may be incomplete
    const draft = await respond(tender.id, s1.token, { lines: [], status: 'draft' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.data).toMatchObject({ status: 'draft', version: 0, total: 0, submittedAt: null });
  });

  it('refuses a line total or total that does not add up (400 naming the field) and keeps the saved response as it was', async () => {
    const tender = await createTender();
    const draft = await respond(tender.id, s3.token, {
      lines: [{ description: 'Frame', quantity: 2, unitPrice: 100 }],
      status: 'draft',
    });
    expect(draft.status).toBe(201);
    const wrongLine = await t.request('PUT', `/api/responses/${draft.body.data.id}`, {
      token: s3.token,
      body: bid({ lines: [{ description: 'Frame', quantity: 3, unitPrice: 100.5, lineTotal: 300 }] }),
    });
    expect(wrongLine.status).toBe(400);
    expect(wrongLine.body.error.details).toEqual([
      { path: 'lines.0.lineTotal', message: expect.stringContaining('£301.50') },
    ]);
    const wrongTotal = await t.request('PUT', `/api/responses/${draft.body.data.id}`, {
      token: s3.token,
      body: bid({ lines: [{ description: 'Frame', quantity: 3, unitPrice: 100.5, lineTotal: 301.5 }], total: 300 }),
    });
    expect(wrongTotal.status).toBe(400);
    expect(wrongTotal.body.error.details[0].path).toBe('total');
    const kept = await t.request('GET', `/api/responses/${draft.body.data.id}`, { token: s3.token });
    expect(kept.body.data).toMatchObject({
      status: 'draft',
      total: 200,
      lines: [{ quantity: 2, unitPrice: 100, lineTotal: 200 }],
    });
    const right = await t.request('PUT', `/api/responses/${draft.body.data.id}`, {
      token: s3.token,
      body: bid({ lines: [{ description: 'Frame', quantity: 3, unitPrice: 100.5, lineTotal: 301.5 }], total: 301.5 }),
    });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data).toMatchObject({ status: 'submitted', total: 301.5, totalPence: 30150 });
  });

  it('nothing after the deadline: create, change and withdraw answer 409', async () => {
    const tender = await createTender();
    const r = await respond(tender.id, s1.token);
    await closeDeadline(tender.id);
    const late = await respond(tender.id, s2.token);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('INVALID_STATE');
    expect((await t.request('PUT', `/api/responses/${r.body.data.id}`, { token: s1.token, body: bid() })).status).toBe(
      409,
    );
    expect((await t.request('POST', `/api/responses/${r.body.data.id}/withdraw`, { token: s1.token })).status).toBe(
      409,
    );
    expect(
      (
        await t.request('POST', `/api/tender/${tender.id}/questions`, {
          token: s2.token,
          body: { text: 'Is galvanising included?' },
        })
      ).status,
    ).toBe(409);
  });

  it('access: anonymous 401, a buyer 403, an unapproved supplier 423, no subscription 402, a draft tender 404', async () => {
    const tender = await createTender();
    expect((await t.request('POST', `/api/tender/${tender.id}/responses`, { body: bid() })).status).toBe(401);
    expect((await respond(tender.id, buyer.token)).status).toBe(403);
    expect((await respond(tender.id, pendingSupplier.token)).status).toBe(423);
    expect((await respond(tender.id, unsubscribed.token)).status).toBe(402);
    expect((await t.request('GET', '/api/responses/mine', { token: unsubscribed.token })).status).toBe(402);
    const draft = await createTender({ status: 'draft' });
    expect((await respond(draft.id, s1.token)).status).toBe(404);
    expect((await respond(crypto.randomUUID(), s1.token)).status).toBe(404);
  });
});

describe('bid assist prefill: a draft response from the bid pack of the supplier’s catalogue and profile', () => {
  it('proposes the supplier’s own relevant items priced from the catalogue, the lead time, an answer to each stated requirement and a covering note; it saves as a draft', async () => {
    const tender = await createTender({ quantity: 12 });
    const res = await t.request('GET', `/api/tender/${tender.id}/responses/prefill`, { token: s1.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { body, summary } = res.body.data;
    expect(body.lines).toEqual([
      { catalogueItemId: itemOfS1, description: 'UB 203x133x25 beam', unit: 'each', quantity: 12, unitPrice: 125.5 },
    ]);
    expect(body.leadTimeDays).toBe(10);
    expect(body.status).toBe('draft');
    const keys = body.requirementAnswers.map((a: { requirement: string }) => a.requirement);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(['warranty', 'insurance', 'quality:ISO 9001']).toContain(k);
    for (const a of body.requirementAnswers) expect(a.comment.length).toBeGreaterThan(0);
    expect(body.note).toContain('Relevant experience');
    expect(['go', 'go_with_conditions', 'no_go']).toContain(summary.verdict);
    // another supplier gets their own catalogue, never s1's
    const other = await t.request('GET', `/api/tender/${tender.id}/responses/prefill`, { token: s2.token });
    expect(other.body.data.body.lines.map((l: { catalogueItemId: string }) => l.catalogueItemId)).toEqual([itemOfS2]);
    // the prefill is a valid response body: it saves as a draft as it is
    const saved = await respond(tender.id, s1.token, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({ status: 'draft', totalPence: 12 * 12550 });
    expect((await t.request('GET', `/api/tender/${tender.id}/responses/prefill`, { token: buyer.token })).status).toBe(
      403,
    );
    expect(
      (await t.request('GET', `/api/tender/${crypto.randomUUID()}/responses/prefill`, { token: s1.token })).status,
    ).toBe(404);
  });
});

describe('bid assist prefill: kept between visits, never older than what it reads', () => {
  it("a new, edited or deleted catalogue item, a profile change and the buyer's edit of the tender each show in the next prefill", async () => {
    const supplier = await t.createUser({ role: 'supplier', companyName: 'Calder Steel Ltd' });
    const tender = await createTender({ quantity: 4 });
    const prefill = async () => {
      const res = await t.request('GET', `/api/tender/${tender.id}/responses/prefill`, { token: supplier.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { body: { lines: Array<{ description: string; quantity: number; unitPrice: number }> } };
    };
    const lines = async () =>
      (await prefill()).body.lines.map((l) => `${l.description} ${l.quantity} × ${l.unitPrice}`);
    expect(await lines()).toEqual([]);
    expect(await lines()).toEqual([]);

    const added = await t.request('POST', '/api/catalogue', {
      token: supplier.token,
      body: { title: 'UB 254x146x31 beam', description: 'Universal beams', category: 'structural-steel', value: 140 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await lines()).toEqual(['UB 254x146x31 beam 4 × 140']);

    const id = added.body.data.id as string;
    expect(
      (await t.request('PUT', `/api/catalogue/${id}`, { token: supplier.token, body: { value: 150 } })).status,
    ).toBe(200);
    expect(await lines()).toEqual(['UB 254x146x31 beam 4 × 150']);

    const edited = await t.request('PUT', `/api/tender/${tender.id}`, { token: buyer.token, body: { quantity: 6 } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await lines()).toEqual(['UB 254x146x31 beam 6 × 150']);

    const before = JSON.stringify(await prefill());
    const profile = await t.request('PUT', '/api/settings/profile', {
      token: supplier.token,
      body: { qualityStandards: ['ISO 9001'] },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const after = await prefill();
    expect(JSON.stringify(after)).not.toBe(before);
    expect(JSON.stringify(after)).toContain('ISO 9001 is listed in your profile quality standards');

    const removed = await t.request('DELETE', `/api/catalogue/${id}`, { token: supplier.token });
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    expect(await lines()).toEqual([]);
  });
});

describe('changing a response: versions and audit', () => {
  it('each submission is a new version kept with an audit event; a draft becomes version 1 when submitted', async () => {
    const tender = await createTender();
    const draft = await respond(tender.id, s1.token, bid({ status: 'draft' }));
    const id = draft.body.data.id as string;
    const sub = await t.request('PUT', `/api/responses/${id}`, { token: s1.token, body: bid() });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body.data).toMatchObject({ status: 'submitted', version: 1, total: 150000 });
    const again = await t.request('PUT', `/api/responses/${id}`, {
      token: s1.token,
      body: bid({ lines: [{ description: 'Frame', quantity: 1, unitPrice: 140000 }] }),
    });
    expect(again.body.data).toMatchObject({ version: 2, total: 140000 });
    const back = await t.request('PUT', `/api/responses/${id}`, { token: s1.token, body: bid({ status: 'draft' }) });
    expect(back.status).toBe(409);
    const versions = await t.db.select().from(tenderResponseVersions).where(eq(tenderResponseVersions.responseId, id));
    expect(versions.map((v) => [v.version, v.snapshot.totalPence]).sort()).toEqual([
      [1, 15000000],
      [2, 14000000],
    ]);
    const audit = await tenderAudit(t, tender.id, 'response_submitted');
    expect(audit).toHaveLength(2);
    // another supplier cannot change or withdraw it, and does not learn it exists
    expect((await t.request('PUT', `/api/responses/${id}`, { token: s2.token, body: bid() })).status).toBe(404);
    expect((await t.request('POST', `/api/responses/${id}/withdraw`, { token: s2.token })).status).toBe(404);
  });
});

describe('sealed responses, compare, shortlist and award', () => {
  it('a supplier never sees another supplier’s response', async () => {
    const tender = await createTender({ responseMode: 'open' });
    const a = await respond(tender.id, s1.token);
    await respond(tender.id, s2.token);
    expect((await t.request('GET', `/api/responses/${a.body.data.id}`, { token: s2.token })).status).toBe(404);
    const list = await t.request('GET', `/api/tender/${tender.id}/responses`, { token: s2.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { supplier: { id: string } }) => r.supplier.id)).toEqual([s2.id]);
    // another buyer sees nothing of it either
    expect((await t.request('GET', `/api/responses/${a.body.data.id}`, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('GET', `/api/tender/${tender.id}/responses`, { token: otherBuyer.token })).status).toBe(
      404,
    );
  });

  it('sealed: the buyer sees how many arrived, cannot open, shortlist or award one before the deadline; afterwards all of it', async () => {
    const tender = await createTender();
    const a = await respond(
      tender.id,
      s1.token,
      bid({ lines: [{ description: 'Frame', quantity: 1, unitPrice: 150000 }] }),
    );
    await respond(tender.id, s3.token, bid({ status: 'draft' })); // drafts are not counted
    const sealed = await t.request('GET', `/api/tender/${tender.id}/responses`, { token: buyer.token });
    expect(sealed.status).toBe(200);
    expect(sealed.body).toMatchObject({ data: [], meta: { total: 1, sealed: true, responseMode: 'sealed' } });
    const early = await t.request('GET', `/api/responses/${a.body.data.id}`, { token: buyer.token });
    expect(early.status).toBe(409);
    expect(
      (await t.request('POST', `/api/responses/${a.body.data.id}/shortlist`, { token: buyer.token, body: {} })).status,
    ).toBe(409);
    expect(
      (await t.request('POST', `/api/responses/${a.body.data.id}/award`, { token: buyer.token, body: {} })).status,
    ).toBe(409);

    const b = await respond(
      tender.id,
      s2.token,
      bid({
        lines: [{ description: 'Frame', quantity: 1, unitPrice: 162500.5 }],
        requirementAnswers: [
          { requirement: 'warranty', answer: 'partly', comment: '12 months only' },
          { requirement: 'insurance', answer: 'does_not' },
          { requirement: 'quality:ISO 9001', answer: 'meets' },
        ],
      }),
    );
    expect(b.status).toBe(201);
    await closeDeadline(tender.id);

    const open = await t.request('GET', `/api/tender/${tender.id}/responses`, { token: buyer.token });
    expect(open.body.meta).toMatchObject({ total: 2, sealed: false });
    expect(open.body.data.map((r: { total: number }) => r.total)).toEqual([150000, 162500.5]);
    expect((await t.request('GET', `/api/responses/${a.body.data.id}`, { token: buyer.token })).status).toBe(200);

    const sl = await t.request('POST', `/api/responses/${b.body.data.id}/shortlist`, { token: buyer.token, body: {} });
    expect(sl.status, JSON.stringify(sl.body)).toBe(200);
    expect(sl.body.data.status).toBe('shortlisted');
    expect((await notes(s2.id, 'response_outcome')).map((n) => n.title)).toContain('Your response was shortlisted');
    expect(
      (await t.request('POST', `/api/responses/${b.body.data.id}/shortlist`, { token: otherBuyer.token, body: {} }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('POST', `/api/responses/${b.body.data.id}/shortlist`, { token: s1.token, body: {} })).status,
    ).toBe(403);

    const award = await t.request('POST', `/api/responses/${a.body.data.id}/award`, {
      token: buyer.token,
      body: { terms: '30 days from invoice' },
    });
    expect(award.status, JSON.stringify(award.body)).toBe(200);
    expect(award.body.data.response).toMatchObject({ id: a.body.data.id, status: 'awarded' });
    expect(award.body.data.contract).toMatchObject({
      tenderId: tender.id,
      status: 'proposed',
      value: 150000,
      valuePence: 15000000,
      terms: '30 days from invoice',
      supplier: { id: s1.id },
    });
    expect(award.body.data.response.contractId).toBe(award.body.data.contract.id);
    const [tr] = await t.db.select().from(tenders).where(eq(tenders.id, tender.id));
    expect(tr).toMatchObject({ status: 'pending', awardedSupplierId: s1.id });
    expect(await t.db.select().from(contracts).where(eq(contracts.tenderId, tender.id))).toHaveLength(1);

    // the other bidder hears the outcome with feedback
    const lost = await t.request('GET', `/api/responses/${b.body.data.id}`, { token: s2.token });
    expect(lost.body.data).toMatchObject({
      status: 'unsuccessful',
      feedback: {
        rank: 2,
        of: 2,
        gapToWinner: 12500.5,
        gapToWinnerPence: 1250050,
        missedRequirements: ['Warranty', 'Insurance'],
      },
    });
    const outcome = (await notes(s2.id, 'response_outcome')).find(
      (n) => n.title === 'Your response was not successful',
    );
    expect(outcome?.body).toContain('ranked 2 of 2');
    expect(outcome?.body).toContain('£12,500.50 above');
    expect((await notes(s1.id, 'response_outcome')).map((n) => n.title)).toContain('Your response won the tender');
    // the draft of s3 is untouched; a second award is refused
    expect(
      (await t.request('POST', `/api/responses/${b.body.data.id}/award`, { token: buyer.token, body: {} })).status,
    ).toBe(409);
    const mine = await t.request('GET', '/api/responses/mine', { token: s2.token });
    expect(mine.body.data.find((r: { id: string }) => r.id === b.body.data.id)).toMatchObject({
      status: 'unsuccessful',
      tenderTitle: expect.any(String),
    });
    const awardAudit = await tenderAudit(t, tender.id, 'response_awarded');
    expect(awardAudit).toHaveLength(1);
  });

  it('open mode: the buyer opens responses as they arrive and may award before the deadline', async () => {
    const tender = await createTender({ responseMode: 'open' });
    const a = await respond(tender.id, s1.token);
    const list = await t.request('GET', `/api/tender/${tender.id}/responses`, { token: buyer.token });
    expect(list.body.meta).toMatchObject({ total: 1, sealed: false, responseMode: 'open' });
    expect(list.body.data).toHaveLength(1);
    const award = await t.request('POST', `/api/responses/${a.body.data.id}/award`, { token: buyer.token });
    expect(award.status, JSON.stringify(award.body)).toBe(200);
    // the tender is pending now: no more responses
    expect((await respond(tender.id, s2.token)).status).toBe(409);
  });
});

describe('questions', () => {
  it('a supplier asks; a private answer goes to the asker only; a published one to every supplier, asker hidden', async () => {
    const tender = await createTender();
    await respond(tender.id, s2.token);
    const ask = await t.request('POST', `/api/tender/${tender.id}/questions`, {
      token: s1.token,
      body: { text: 'Is galvanising included in the scope?' },
    });
    expect(ask.status, JSON.stringify(ask.body)).toBe(201);
    expect(ask.body.data).toMatchObject({
      text: 'Is galvanising included in the scope?',
      answer: null,
      published: false,
      mine: true,
      askerCompanyName: null,
    });
    expect((await notes(buyer.id, 'tender_question')).length).toBeGreaterThan(0);
    const qid = ask.body.data.id;

    const owner = await t.request('GET', `/api/tender/${tender.id}/questions`, { token: buyer.token });
    expect(owner.body.data[0]).toMatchObject({ id: qid, askerCompanyName: 'Pennine Steel Ltd', mine: false });
    expect((await t.request('GET', `/api/tender/${tender.id}/questions`, { token: s2.token })).body.data).toHaveLength(
      0,
    );

    expect(
      (await t.request('POST', `/api/questions/${qid}/answer`, { token: otherBuyer.token, body: { text: 'No' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('POST', `/api/questions/${qid}/answer`, { token: s1.token, body: { text: 'No' } })).status,
    ).toBe(403);
    expect(
      (await t.request('POST', `/api/questions/${qid}/answer`, { token: buyer.token, body: { text: '' } })).status,
    ).toBe(400);

    const priv = await t.request('POST', `/api/questions/${qid}/answer`, {
      token: buyer.token,
      body: { text: 'Yes, hot-dip galvanised.', publish: false },
    });
    expect(priv.status).toBe(200);
    expect(
      (await t.request('GET', `/api/tender/${tender.id}/questions`, { token: s1.token })).body.data[0],
    ).toMatchObject({ answer: 'Yes, hot-dip galvanised.', mine: true });
    expect((await t.request('GET', `/api/tender/${tender.id}/questions`, { token: s2.token })).body.data).toHaveLength(
      0,
    );
    expect((await notes(s1.id, 'tender_question')).length).toBeGreaterThan(0);

    const pub = await t.request('POST', `/api/questions/${qid}/answer`, {
      token: buyer.token,
      body: { text: 'Yes, hot-dip galvanised.', publish: true },
    });
    expect(pub.body.data.published).toBe(true);
    for (const s of [s2, s3]) {
      const seen = await t.request('GET', `/api/tender/${tender.id}/questions`, { token: s.token });
      expect(seen.body.data).toHaveLength(1);
      expect(seen.body.data[0]).toMatchObject({
        answer: 'Yes, hot-dip galvanised.',
        mine: false,
        askerCompanyName: null,
      });
      expect(JSON.stringify(seen.body)).not.toContain('Pennine');
    }
    // s2 responded, so hears of it; s3 did not respond
    expect((await notes(s2.id, 'tender_question')).map((n) => n.title)).toContain('A clarification was published');
  });

  it('no questions after the question deadline (409); a buyer may not ask (403)', async () => {
    const tender = await createTender({ questionDeadline: addDays(new Date(), 2).toISOString() });
    expect(
      (
        await t.request('POST', `/api/tender/${tender.id}/questions`, {
          token: buyer.token,
          body: { text: 'Question text' },
        })
      ).status,
    ).toBe(403);
    await t.db
      .update(tenders)
      .set({ questionDeadline: subMinutes(new Date(), 1) })
      .where(eq(tenders.id, tender.id));
    const late = await t.request('POST', `/api/tender/${tender.id}/questions`, {
      token: s1.token,
      body: { text: 'Too late to ask?' },
    });
    expect(late.status).toBe(409);
    const list = await t.request('GET', `/api/tender/${tender.id}/questions`, { token: s1.token });
    expect(list.body.meta.open).toBe(false);
  });
});

describe('compare: match score and record, private notes, PDF and CSV export', () => {
  const pdfTextOf = async (bytes: Buffer) => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  };
  const exportOf = (tenderId: string, query: string, token = buyer.token) =>
    fetch(`${t.url}/api/tender/${tenderId}/responses/compare?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it('each response carries the supplier’s best stored match with its reasons and their reviews; the buyer’s private note is theirs alone', async () => {
    const tender = await createTender();
    const r1 = await respond(tender.id, s1.token);
    const r2 = await respond(
      tender.id,
      s2.token,
      bid({ lines: [{ description: 'Frame', quantity: 1, unitPrice: 120000 }] }),
    );
    // the matching engine scores the new tender against the catalogues in the background
    let stored: (typeof matches.$inferSelect)[] = [];
    for (let i = 0; i < 100 && !stored.length; i++) {
      stored = await t.db
        .select()
        .from(matches)
        .where(and(eq(matches.tenderId, tender.id), eq(matches.catalogueItemId, itemOfS1)));
      if (!stored.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(stored).toHaveLength(1);
    const seen = await t.request('GET', `/api/responses/${r1.body.data.id}`, { token: s1.token });
    expect(seen.body.data.match).toEqual({
      score: stored[0]!.score,
      itemTitle: 'UB 203x133x25 beam',
      reasons: stored[0]!.reasons.filter((x) => x.contribution > 0).map((x) => x.label),
    });
    expect(seen.body.data.match.reasons.length).toBeGreaterThan(0);
    expect(r2.body.data.match?.itemTitle ?? 'Column').toBe('Column');
    expect(r2.body.data.supplier.reviews).toEqual({ average: null, count: 0 });
    // s1's record: two fulfilled deals reviewed 4 and 5 by buyers
    for (const rating of [4, 5]) {
      const [c] = await t.db
        .insert(contracts)
        .values({
          tenderTitle: 'Earlier job',
          buyerId: otherBuyer.id,
          supplierId: s1.id,
          valuePence: 100000,
          status: 'fulfilled',
        })
        .returning();
      await t.db.insert(reviews).values({ contractId: c!.id, reviewerId: otherBuyer.id, revieweeId: s1.id, rating });
    }
    const reviewed = await t.request('GET', `/api/responses/${r1.body.data.id}`, { token: s1.token });
    expect(reviewed.body.data.supplier).toMatchObject({ fulfilledDeals: 2, reviews: { average: 4.5, count: 2 } });
    expect(r1.body.data.buyerNote).toBeNull();

    const early = await t.request('PUT', `/api/responses/${r1.body.data.id}/note`, {
      token: buyer.token,
      body: { note: 'Check crane hire' },
    });
    expect(early.status).toBe(409); // sealed: not opened yet
    await closeDeadline(tender.id);
    const noted = await t.request('PUT', `/api/responses/${r1.body.data.id}/note`, {
      token: buyer.token,
      body: { note: 'Check crane hire' },
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.data.buyerNote).toBe('Check crane hire');
    const list = await t.request('GET', `/api/tender/${tender.id}/responses`, { token: buyer.token });
    expect(list.body.data.find((r: { id: string }) => r.id === r1.body.data.id).buyerNote).toBe('Check crane hire');
    const own = await t.request('GET', `/api/responses/${r1.body.data.id}`, { token: s1.token });
    expect(own.body.data.buyerNote).toBeNull();
    const mine = await t.request('GET', '/api/responses/mine', { token: s1.token });
    expect(mine.body.data.every((r: { buyerNote: string | null }) => r.buyerNote === null)).toBe(true);
    // the supplier's own list reads their record once for the page: every row carries it
    expect(mine.body.data.map((r: { supplier: unknown }) => r.supplier)).toEqual(
      mine.body.data.map(() => expect.objectContaining({ fulfilledDeals: 2, reviews: { average: 4.5, count: 2 } })),
    );
    expect(
      (
        await t.request('PUT', `/api/responses/${r1.body.data.id}/note`, {
          token: otherBuyer.token,
          body: { note: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request('PUT', `/api/responses/${r1.body.data.id}/note`, { token: s1.token, body: { note: 'x' } }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.request('PUT', `/api/responses/${r1.body.data.id}/note`, {
          token: buyer.token,
          body: { note: 'x'.repeat(5001) },
        })
      ).status,
    ).toBe(400);
  });

  it('exports the comparison as PDF (best per row marked) and CSV in the order chosen; sealed 409, another buyer 404, a supplier 403', async () => {
    const tender = await createTender({ leadTime: 30 });
    await respond(
      tender.id,
      s1.token,
      bid({ leadTimeDays: 21, lines: [{ description: 'Frame', quantity: 2, unitPrice: 70000, unit: 'lot' }] }),
    );
    await respond(
      tender.id,
      s2.token,
      bid({ leadTimeDays: 45, lines: [{ description: 'Frame', quantity: 1, unitPrice: 150000 }] }),
    );
    await respond(
      tender.id,
      s3.token,
      bid({
        leadTimeDays: 35,
        lines: [{ description: 'Frame', quantity: 1, unitPrice: 145000 }],
        requirementAnswers: [
          ...allMet.slice(0, 2),
          { requirement: 'quality:ISO 9001', answer: 'partly', comment: 'Audit booked' },
        ],
      }),
    );
    const sealed = await exportOf(tender.id, 'format=pdf');
    expect(sealed.status).toBe(409);
    await closeDeadline(tender.id);
    expect((await exportOf(tender.id, 'format=pdf', otherBuyer.token)).status).toBe(404);
    expect((await exportOf(tender.id, 'format=pdf', s1.token)).status).toBe(403);
    expect((await exportOf(tender.id, 'format=doc')).status).toBe(400);

    const pdf = await exportOf(tender.id, 'format=pdf&sort=leadTime');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/attachment; filename="tender-.*-responses\.pdf"/);
    const text = await pdfTextOf(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Tender responses compared');
    // sorted by lead time: Pennine (21) before Tyne (35) before Mersey (45)
    expect(text.indexOf('Pennine Steel Ltd')).toBeLessThan(text.indexOf('Tyne Frames Ltd'));
    expect(text.indexOf('Tyne Frames Ltd')).toBeLessThan(text.indexOf('Mersey Fabrication Ltd'));
    expect(text).toContain('£70,000 / lot × 2 = £140,000');
    expect(text).toContain('Within the 30 days asked');
    expect(text).toContain('15 days over the 30 asked');
    expect(text).toContain('Partly (Audit booked)');
    expect(text).toContain('★ Best');

    const csv = await exportOf(tender.id, 'format=csv&sort=total');
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Match score');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'Pennine Steel Ltd',
      'Tyne Frames Ltd',
      'Mersey Fabrication Ltd',
    ]);
  });
});

describe('the tender audit export includes responses and Q&A', () => {
  const pdfTextOf = async (bytes: Buffer) => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  };
  const pdfOf = async (tenderId: string) => {
    const res = await fetch(`${t.url}/api/tender/${tenderId}/audit?format=pdf`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.status).toBe(200);
    return pdfTextOf(Buffer.from(await res.arrayBuffer()));
  };

  it('while sealed: the count and the Q&A, no prices; after the deadline: each response with its versions and totals', async () => {
    const tender = await createTender();
    const first = await respond(
      tender.id,
      s1.token,
      bid({ lines: [{ description: 'Frame', quantity: 1, unitPrice: 140000 }] }),
    );
    await t.request('PUT', `/api/responses/${first.body.data.id}`, {
      token: s1.token,
      body: bid({ lines: [{ description: 'Frame', quantity: 1, unitPrice: 138250 }] }),
    });
    await respond(tender.id, s2.token, bid({ lines: [{ description: 'Frame', quantity: 1, unitPrice: 151000 }] }));
    const q = await t.request('POST', `/api/tender/${tender.id}/questions`, {
      token: s2.token,
      body: { text: 'Is galvanising of the lintels included?' },
    });
    await t.request('POST', `/api/questions/${q.body.data.id}/answer`, {
      token: buyer.token,
      body: { text: 'Yes: hot-dip galvanised to BS EN ISO 1461.', publish: true },
    });

    const sealed = await t.request('GET', `/api/tender/${tender.id}/audit?format=json`, { token: buyer.token });
    expect(sealed.status).toBe(200);
    expect(sealed.body.data.responses).toMatchObject({ sealed: true, received: 2, responses: [] });
    expect(sealed.body.data.responses.questions).toEqual([
      expect.objectContaining({
        askedBy: 'Mersey Fabrication Ltd',
        text: 'Is galvanising of the lintels included?',
        answer: 'Yes: hot-dip galvanised to BS EN ISO 1461.',
        published: true,
      }),
    ]);
    const submittedEvents = sealed.body.data.events.filter(
      (e: { action: string }) => e.action === 'response_submitted',
    );
    expect(submittedEvents).toHaveLength(3);
    for (const e of submittedEvents) expect(e.changes.totalPence).toBeUndefined();
    const csv = await t.request('GET', `/api/tender/${tender.id}/audit?format=csv`, { token: buyer.token });
    expect(csv.body).toContain('Question asked');
    expect(csv.body).toContain('Is galvanising of the lintels included?');
    expect(csv.body).toContain('Response submitted');
    expect(csv.body).not.toContain('£138,250');
    const sealedPdf = await pdfOf(tender.id);
    expect(sealedPdf).toContain('2 responses received. The responses are sealed');
    expect(sealedPdf).toContain('hot-dip galvanised to BS EN ISO 1461');
    expect(sealedPdf).not.toContain('138,250');

    await closeDeadline(tender.id);
    const open = await t.request('GET', `/api/tender/${tender.id}/audit?format=json`, { token: buyer.token });
    expect(open.body.data.responses.sealed).toBe(false);
    expect(open.body.data.responses.responses).toEqual([
      expect.objectContaining({
        supplier: 'Pennine Steel Ltd',
        status: 'submitted',
        totalPence: 13825000,
        versions: [
          expect.objectContaining({ version: 1, totalPence: 14000000 }),
          expect.objectContaining({ version: 2, totalPence: 13825000 }),
        ],
      }),
      expect.objectContaining({ supplier: 'Mersey Fabrication Ltd', totalPence: 15100000 }),
    ]);
    const openCsv = await t.request('GET', `/api/tender/${tender.id}/audit?format=csv`, { token: buyer.token });
    expect(openCsv.body).toContain('£138,250');
    const openPdf = await pdfOf(tender.id);
    expect(openPdf).toContain('Pennine Steel Ltd');
    expect(openPdf).toContain('£138,250');
    expect(openPdf).toContain('£140,000');
    expect(openPdf).toContain('Is galvanising of the lintels included?');
    // other suppliers never get the export
    expect((await t.request('GET', `/api/tender/${tender.id}/audit?format=json`, { token: s1.token })).status).toBe(
      403,
    );
  });
});

describe('response documents (the presigned upload flow)', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  async function upload(user: TestUser) {
    const res = await t.request('POST', '/api/upload/presigned-upload-url', {
      token: user.token,
      body: {
        userId: user.id,
        fileName: 'Method statement.pdf',
        fileType: 'application/pdf',
        uploadType: 'response-document',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const put = await fetch(t.url + res.body.data.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(PDF),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.status).toBe(200);
    return res.body.data.key as string;
  }
  const download = (key: string, token: string) =>
    t.request('GET', `/api/upload/presigned-download-url?key=${encodeURIComponent(key)}`, { token });

  it('an attachment over the size limit is refused with 413 (declared or sent) and cannot be attached; the response keeps its documents', async () => {
    const tender = await createTender();
    const key = await upload(s3);
    const r = await respond(tender.id, s3.token, { ...bid(), documents: [key] });
    expect(r.status).toBe(201);
    const limit = t.config.uploadMaxBytes;
    const declared = await t.request('POST', '/api/upload/presigned-upload-url', {
      token: s3.token,
      body: {
        userId: s3.id,
        fileName: 'Drawings.pdf',
        fileType: 'application/pdf',
        fileSize: limit + 1,
        uploadType: 'response-document',
      },
    });
    expect(declared.status).toBe(413);
    expect(declared.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const presigned = await t.request('POST', '/api/upload/presigned-upload-url', {
      token: s3.token,
      body: { userId: s3.id, fileName: 'Drawings.pdf', fileType: 'application/pdf', uploadType: 'response-document' },
    });
    const big = Buffer.concat([PDF, Buffer.alloc(limit + 10, 32)]);
    const put = await fetch(t.url + presigned.body.data.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(big),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.status).toBe(413);
    const attach = await t.request('PUT', `/api/responses/${r.body.data.id}`, {
      token: s3.token,
      body: { ...bid(), documents: [key, presigned.body.data.key] },
    });
    expect(attach.status).toBe(400);
    expect(attach.body.error.details[0].path).toMatch(/^documents/);
    const kept = await t.request('GET', `/api/responses/${r.body.data.id}`, { token: s3.token });
    expect(kept.body.data.documents.map((d: { key: string }) => d.key)).toEqual([key]);
    expect(kept.body.data.version).toBe(1);
  });

  it('attaches the supplier’s own uploads; the buyer downloads them once the responses are open, other suppliers never', async () => {
    const tender = await createTender();
    const key = await upload(s1);
    const foreignKey = await upload(s2);
    expect((await respond(tender.id, s1.token, { ...bid(), documents: [foreignKey] })).status).toBe(400);
    const r = await respond(tender.id, s1.token, { ...bid(), documents: [key] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.documents).toEqual([
      { key, name: 'Method statement.pdf', url: expect.stringContaining('/api/upload/local/') },
    ]);
    expect((await download(key, s1.token)).status).toBe(200);
    expect((await download(key, buyer.token)).status).toBe(404); // sealed
    expect((await download(key, s2.token)).status).toBe(404);
    await closeDeadline(tender.id);
    expect((await download(key, buyer.token)).status).toBe(200);
    expect((await download(key, s2.token)).status).toBe(404);
    expect((await download(key, otherBuyer.token)).status).toBe(404);
  });
});

describe('GET /api/responses/mine pages', () => {
  it('counts the supplier’s own responses on every page, a page past the last included', async () => {
    const supplier = await t.createUser({ role: 'supplier', companyName: 'Calder Steel Ltd' });
    const other = await t.createUser({ role: 'supplier' });
    for (let i = 0; i < 3; i++) {
      const tender = await createTender({ title: `Steel stair ${i + 1} for a school in Halifax` });
      expect((await respond(tender.id, supplier.token, bid({ status: 'draft' }))).status).toBe(201);
      if (i === 0) expect((await respond(tender.id, other.token, bid({ status: 'draft' }))).status).toBe(201);
    }
    const pageOf = async (page: number) => {
      const res = await t.request('GET', `/api/responses/mine?pageSize=2&page=${page}`, { token: supplier.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { titles: res.body.data.map((r: { tenderTitle: string }) => r.tenderTitle), total: res.body.meta.total };
    };
    expect(await pageOf(1)).toEqual({
      titles: ['Steel stair 3 for a school in Halifax', 'Steel stair 2 for a school in Halifax'],
      total: 3,
    });
    expect(await pageOf(2)).toEqual({ titles: ['Steel stair 1 for a school in Halifax'], total: 3 });
    expect(await pageOf(3)).toEqual({ titles: [], total: 3 });
    const none = await t.createUser({ role: 'supplier' });
    const empty = await t.request('GET', '/api/responses/mine', { token: none.token });
    expect(empty.body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe("a supplier's responses: kept between visits, never older than what they show", () => {
  it('the page and the response show the next change to the response, the tender, the match, the item, the company and its record', async () => {
    const supplier = await t.createUser({ role: 'supplier', companyName: 'Ribble Steel Ltd' });
    const other = await t.createUser({ role: 'supplier' });
    const [item] = await t.db
      .insert(catalogueItems)
      .values({
        userId: supplier.id,
        title: 'UC 152x152x23 column',
        description: 'Universal columns',
        category: 'structural-steel',
        valuePence: 8800,
      })
      .returning();
    const tender = await createTender({ title: 'Steel frame for a sports hall in Preston' });
    const created = await respond(tender.id, supplier.token, bid({ status: 'draft' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    type Shown = {
      tenderTitle: string;
      note: string;
      supplier: { companyName: string; fulfilledDeals: number; reviews: { count: number } };
      match: { score: number; itemTitle: string } | null;
    };
    // both answers, read twice each (the second from what was kept), must agree
    const shown = async (): Promise<Shown> => {
      const answers: Shown[] = [];
      for (let i = 0; i < 2; i++) {
        const page = await t.request('GET', '/api/responses/mine', { token: supplier.token });
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        expect(page.body.data).toHaveLength(1);
        const one = await t.request('GET', `/api/responses/${id}`, { token: supplier.token });
        expect(one.status, JSON.stringify(one.body)).toBe(200);
        answers.push(page.body.data[0], one.body.data);
      }
      for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
      return answers[0]!;
    };
    // The matching engine scores a new or edited tender in the background: wait until it has (its
    // vector's matched_at passes the tender's updated_at), so no rescoring lands between two reads.
    const matched = async () => {
      for (let i = 0; i < 200; i++) {
        const { rows } = await t.db.execute<{ done: boolean }>(
          sql`select v.matched_at >= t.updated_at as done from tenders t join tender_vectors v on v.tender_id = t.id where t.id = ${tender.id}`,
        );
        if (rows[0]?.done) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the matching engine did not score the tender');
    };
    await matched();
    const first = await shown();
    expect(first).toMatchObject({
      tenderTitle: 'Steel frame for a sports hall in Preston',
      note: 'Price includes delivery to site.',
      supplier: { companyName: 'Ribble Steel Ltd', fulfilledDeals: 0, reviews: { count: 0 } },
      match: { itemTitle: 'UC 152x152x23 column' },
    });

    const changed = await t.request('PUT', `/api/responses/${id}`, {
      token: supplier.token,
      body: bid({ status: 'draft', note: 'Crane hire included.' }),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await shown()).note).toBe('Crane hire included.');

    const edited = await t.request('PUT', `/api/tender/${tender.id}`, {
      token: buyer.token,
      body: { title: 'Steel frame for a sports hall in Lancaster' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await matched();
    expect((await shown()).tenderTitle).toBe('Steel frame for a sports hall in Lancaster');

    // a recomputed match (as the matching engine writes it)
    const score = first.match!.score === 42 ? 43 : 42;
    await t.db
      .update(matches)
      .set({ score })
      .where(and(eq(matches.tenderId, tender.id), eq(matches.catalogueItemId, item!.id)));
    expect((await shown()).match?.score).toBe(score);

    await t.db.update(catalogueItems).set({ title: 'UC 152x152x30 column' }).where(eq(catalogueItems.id, item!.id));
    expect((await shown()).match?.itemTitle).toBe('UC 152x152x30 column');

    const renamed = await t.request('PUT', '/api/settings/profile', {
      token: supplier.token,
      body: { companyName: 'Ribble Steel Group Ltd' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await shown()).supplier.companyName).toBe('Ribble Steel Group Ltd');

    const [c] = await t.db
      .insert(contracts)
      .values({
        tenderTitle: 'Earlier job',
        buyerId: otherBuyer.id,
        supplierId: supplier.id,
        valuePence: 100000,
        status: 'fulfilled',
      })
      .returning();
    expect((await shown()).supplier.fulfilledDeals).toBe(1);
    await t.db
      .insert(reviews)
      .values({ contractId: c!.id, reviewerId: otherBuyer.id, revieweeId: supplier.id, rating: 5 });
    expect((await shown()).supplier.reviews.count).toBe(1);

    // kept for its supplier only: another never reads it
    expect((await t.request('GET', `/api/responses/${id}`, { token: other.token })).status).toBe(404);
    const withdrawn = await t.request('POST', `/api/responses/${id}/withdraw`, { token: supplier.token });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBeLessThan(300);
    expect((await shown()) as unknown as { status: string }).toMatchObject({ status: 'withdrawn' });
  });
});
