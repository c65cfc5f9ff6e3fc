import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.ts';
import { demoSeeders } from '../../db/seed/index.ts';
import { catalogueItems, portfolioItems, profiles, tenders } from '../../db/schema/index.ts';

/**
 * Bid Assist (docs/product.md sections 1, 7 POST /api/bid-assist, 8, 9) on the demo seed: the shipped
 * OCDS feed, the demo tenders and the demo suppliers' profiles and catalogues.
 */
let t: TestApp;
let supplier: { token: string; id: string };
let core: { token: string; id: string };
let admin: { token: string; id: string };
let steelTenderId: string;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const statuses = (pack: { matrix: Array<{ source: string; status: string; requirement: string }> }) =>
  pack.matrix.map((r) => `${r.source}:${r.status}:${r.requirement}`);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, demoSeeders);
  supplier = await t.login('supplier@brickyard.test', DEMO_PASSWORD);
  core = await t.login('core-supplier@brickyard.test', DEMO_PASSWORD);
  admin = await t.login('admin@brickyard.test', DEMO_PASSWORD);
  const [steel] = await t.db
    .select({ id: tenders.id })
    .from(tenders)
    .where(eq(tenders.title, 'Structural steel frame for a four-storey office, Salford Quays'));
  steelTenderId = steel!.id;
}, 180_000);
afterAll(() => t.close());

async function externalId(q: string): Promise<string> {
  const res = await t.request('GET', `/api/bid-assist/targets?kind=external&q=${encodeURIComponent(q)}`, {
    token: supplier.token,
  });
  expect(res.status).toBe(200);
  const id = res.body.data[0].id as string;
  // The demo seed moves shipped notices into the coming weeks; these tests grade the notice as
  // published (closed), so its deadline goes back to the published one.
  await t.db.execute(
    sql`update external_tenders set tender_end_date = tender_end_date - make_interval(days => demo_shift_days), award_start_date = award_start_date - make_interval(days => demo_shift_days), award_end_date = award_end_date - make_interval(days => demo_shift_days), demo_shift_days = null where id = ${id} and demo_shift_days is not null`,
  );
  return id;
}

describe('docs/product.md §1/§7 the bid pack: compliance matrix, go/no-go and draft outline', () => {
  it('grades every requirement of a demo tender against the demo supplier’s profile and catalogue', async () => {
    const res = await t.request('POST', '/api/bid-assist', {
      token: supplier.token,
      body: {
        tenderId: steelTenderId,
        message: 'Please help us price and write this steel frame bid.',
        deadline: inDays(5),
      },
    });
    expect(res.status).toBe(201);
    const { data, meta } = res.body;
    expect(data.status).toBe('submitted');
    expect(meta.usage).toMatchObject({ limit: null });
    const pack = data.bidPack;
    expect(pack.tender).toMatchObject({
      kind: 'tender',
      title: 'Structural steel frame for a four-storey office, Salford Quays',
      location: 'North West',
    });
    // Each requirement of the tender — scope, specification clauses, certifications, quality
    // standards, insurance, payment terms, lead time, budget, region, warranty, deadline.
    expect(statuses(pack)).toEqual([
      'scope:met:Scope: Structural Steel: Beams & columns, Fabrication & erection',
      'specification:partly_met:S355J2 sections to BS EN 10025',
      'specification:met:execution class EXC2 to BS EN 1090-2',
      'specification:partly_met:intumescent-ready primer',
      'certification:met:CE/UKCA marking to BS EN 1090 EXC2',
      'certification:met:ISO 9001',
      'quality_standard:met:BS EN 1090-2',
      'quality_standard:missing:NSSS 6th edition',
      'insurance:partly_met:Public liability £10m, employer’s liability £10m',
      'payment_terms:met:30 days from valuation',
      'lead_time:met:Delivery within 56 days',
      'budget:partly_met:Budget £485,000 for 185 units',
      'region:met:Deliver to North West',
      'warranty:met:Warranty required',
      expect.stringMatching(/^deadline:met:Respond by \d{2} [A-Z][a-z]{2} \d{4}$/),
    ]);
    expect(pack.matrix.map((r: { ref: string }) => r.ref)).toEqual(
      pack.matrix.map((_: unknown, i: number) => `R${i + 1}`),
    );
    // Evidence names where it was found; a gap carries an action, a met row none.
    const byReq = Object.fromEntries(pack.matrix.map((r: { requirement: string }) => [r.requirement, r]));
    expect(byReq['ISO 9001'].evidence).toContain('catalogue item “Universal beam 203x133x25 UB, S355, 6 m lengths”');
    expect(byReq['NSSS 6th edition'].action).toMatch(/Obtain NSSS 6th edition/);
    expect(byReq['Public liability £10m, employer’s liability £10m'].evidence).toMatch(
      /not stated: employer's liability/,
    );
    expect(byReq['Budget £485,000 for 185 units'].evidence).toContain('£490,250');
    expect(byReq['Deliver to North West'].action).toBeNull();
    // score = (met + partly/2) / total = (10 + 4/2) / 15 = 80%; a missing quality standard → conditions.
    expect(pack.summary).toMatchObject({
      met: 10,
      partlyMet: 4,
      missing: 1,
      total: 15,
      score: 80,
      verdict: 'go_with_conditions',
    });
    expect(pack.summary.reasons).toContain('Missing quality standard: NSSS 6th edition.');
    expect(data.summary).toEqual({ verdict: 'go_with_conditions', score: 80, met: 10, partlyMet: 4, missing: 1 });
    // The draft outline is built from the supplier's own profile, catalogue and portfolio.
    expect(pack.outline.map((s: { heading: string }) => s.heading)).toEqual([
      'Introduction',
      'Our understanding of the requirement',
      'Compliance and accreditations',
      'Proposed products, services and price',
      'Delivery and programme',
      'Relevant experience',
      'Commercial terms',
      'Gaps to close before submitting',
    ]);
    expect(pack.outline[0].points[0]).toBe(
      'Pennine Building Supplies Ltd responds to “Structural steel frame for a four-storey office, Salford Quays” for Northgate Developments Ltd.',
    );
    expect(pack.outline[3].points.join(' ')).toContain('Steel frame fabrication and erection (per tonne)');
    expect(pack.outline[7].points.some((p: string) => p.startsWith('R8 NSSS 6th edition'))).toBe(true);
    expect(pack.polishedDraft).toBeNull();

    // Readable later and downloadable as a PDF.
    const again = await t.request('GET', `/api/bid-assist/${data.id}`, { token: supplier.token });
    expect(again.status).toBe(200);
    expect(again.body.data.bidPack).toEqual(pack);
    const pdf = await fetch(`${t.url}/api/bid-assist/${data.id}/pack.pdf`, {
      headers: { authorization: `Bearer ${supplier.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('bid-pack-Structural-steel-frame');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('grades a real OCDS tender from the shipped feed against a supplier of the same trade', async () => {
    const win = await t.createUser({ role: 'supplier', companyName: 'Ribble Windows Ltd' });
    await t.db.insert(profiles).values({
      userId: win.id,
      region: 'north-west',
      companyDescription:
        'Window and door installer replacing windows in occupied social housing across Lancashire since 2009.',
      certifications: ['FENSA', 'CHAS'],
      qualityStandards: ['PAS 24'],
      leadTimeDays: 14,
      deliveryLocations: ['north-west'],
      paymentTerms: '30 days',
    });
    await t.db.insert(catalogueItems).values({
      userId: win.id,
      title: 'A-rated uPVC replacement windows, supplied and installed',
      description:
        'Made-to-measure A-rated uPVC casement windows, surveyed, supplied and installed by our own FENSA-registered fitters.',
      category: 'finishes',
      subcategories: ['joinery-installation'],
      valuePence: 65_000,
      leadTimeDays: 21,
      region: 'north-west',
    });
    await t.db.insert(portfolioItems).values({
      userId: win.id,
      title: 'Occupied tower block window replacement, Preston',
      valuePence: 24_000_000,
      description: 'Replaced 340 windows in an occupied residential block, flat by flat, with residents in place.',
      client: 'Community Gateway',
      completionDate: '2024-03-31',
    });
    const id = await externalId('Sumner House');
    const res = await t.request('POST', '/api/bid-assist', {
      token: win.token,
      body: { externalTenderId: id, message: 'Can we still bid on this window replacement?', deadline: inDays(3) },
    });
    expect(res.status).toBe(201);
    const pack = res.body.data.bidPack;
    expect(pack.tender).toMatchObject({
      kind: 'external',
      title: 'Sumner House - Window Replacement',
      reference: expect.stringMatching(/^ocds-/),
    });
    expect(pack.tender.classification).toEqual(['45421112 · Installation of window frames']);
    const rows = pack.matrix.map((r: { source: string; status: string }) => `${r.source}:${r.status}`);
    expect(rows).toEqual([
      'scope:met',
      'specification:partly_met',
      'specification:partly_met',
      'specification:missing',
      'specification:missing',
      'specification:missing',
      'lead_time:partly_met',
      'budget:met',
      'region:partly_met',
      'deadline:missing',
    ]);
    expect(pack.matrix[0].evidence).toBe(
      'Your catalogue covers it: “A-rated uPVC replacement windows, supplied and installed”.',
    );
    expect(pack.matrix[7].evidence).toContain(
      'Portfolio project “Occupied tower block window replacement, Preston” (£240,000)',
    );
    expect(pack.matrix[9].evidence).toBe('The tender closed on 06 Feb 2025.');
    // Closed: a no-go whatever else is met, and the first reason says why.
    expect(pack.summary).toMatchObject({ met: 2, partlyMet: 4, missing: 4, total: 10, score: 40, verdict: 'no_go' });
    expect(pack.summary.reasons[0]).toBe('The tender closed on 06 Feb 2025.');
    // the history shows the same tender and summary without reading the whole pack
    const history = await t.request('GET', '/api/bid-assist', { token: win.token });
    expect(history.status).toBe(200);
    const listed = history.body.data.find((x: { id: string }) => x.id === res.body.data.id);
    expect(listed.tender).toEqual({ kind: 'external', id, title: 'Sumner House - Window Replacement' });
    expect(listed.summary).toEqual({ verdict: 'no_go', score: 40, met: 2, partlyMet: 4, missing: 4 });
    expect(listed).not.toHaveProperty('bidPack');
  });

  it('is generated deterministically: the same data gives the same matrix and summary', async () => {
    const id = await externalId('Hard Landscaping');
    const body = { externalTenderId: id, message: 'Is this one worth bidding for?', deadline: inDays(4) };
    const a = await t.request('POST', '/api/bid-assist', { token: supplier.token, body });
    const b = await t.request('POST', '/api/bid-assist', { token: supplier.token, body });
    expect(a.status).toBe(201);
    const strip = (p: { generatedAt: string }) => ({ ...p, generatedAt: '' });
    expect(strip(b.body.data.bidPack)).toEqual(strip(a.body.data.bidPack));
    // Outside the supplier's trade and region, and closed: every row missing, a no-go.
    expect(
      a.body.data.bidPack.matrix.map((r: { source: string; status: string }) => `${r.source}:${r.status}`),
    ).toEqual(['scope:missing', 'specification:missing', 'lead_time:missing', 'region:missing', 'deadline:missing']);
    expect(a.body.data.bidPack.summary).toMatchObject({ score: 0, verdict: 'no_go' });
  });
});

describe('docs/product.md §9 plan limits and §8 invalid input', () => {
  it('Core reaches no live-feed data through Bid Assist (targets and submissions answer 402, as the feed does)', async () => {
    const extId = await externalId('Sumner House');
    const feed = await t.request('GET', `/api/external-tenders/${extId}`, { token: core.token });
    expect(feed.status).toBe(402);
    const targets = await t.request('GET', '/api/bid-assist/targets?kind=external&q=Sumner', { token: core.token });
    expect(targets.status).toBe(402);
    expect(targets.body.error.code).toBe('PLAN_FEATURE_UNAVAILABLE');
    const ours = await t.request('GET', '/api/bid-assist/targets?kind=tender', { token: core.token });
    expect(ours.status).toBe(200);
    const create = await t.request('POST', '/api/bid-assist', {
      token: core.token,
      body: { externalTenderId: extId, message: 'Can we still bid on this window replacement?', deadline: inDays(3) },
    });
    expect(create.status).toBe(402);
    expect(create.body.error.code).toBe('PLAN_FEATURE_UNAVAILABLE');
    expect(JSON.stringify(create.body)).not.toContain('Sumner');
    // Nothing was counted against the month's five.
    const history = await t.request('GET', '/api/bid-assist', { token: core.token });
    expect(history.body.meta.usage.used).toBe(0);
  });

  it('Core: 5 submissions a calendar month, the sixth answers 402 PLAN_LIMIT_REACHED', async () => {
    const body = { tenderId: steelTenderId, message: 'Help with the steel frame bid, please.', deadline: inDays(7) };
    for (let i = 1; i <= 5; i++) {
      const res = await t.request('POST', '/api/bid-assist', { token: core.token, body });
      expect(res.status).toBe(201);
      expect(res.body.meta.usage).toMatchObject({ used: i, limit: 5 });
    }
    const sixth = await t.request('POST', '/api/bid-assist', { token: core.token, body });
    expect(sixth.status).toBe(402);
    expect(sixth.body.error.code).toBe('PLAN_LIMIT_REACHED');
    const history = await t.request('GET', '/api/bid-assist', { token: core.token });
    expect(history.status).toBe(200);
    expect(history.body.meta.usage).toMatchObject({ used: 5, limit: 5 });
    expect(history.body.meta.total).toBe(5);
    expect(history.body.data).toHaveLength(5);
  });

  it('Growth is unlimited: a sixth submission in the month is accepted', async () => {
    const growth = await t.createUser({ role: 'supplier', plan: 'GROWTH' });
    const body = { tenderId: steelTenderId, message: 'Help with the steel frame bid, please.', deadline: inDays(7) };
    for (let i = 1; i <= 6; i++)
      expect((await t.request('POST', '/api/bid-assist', { token: growth.token, body })).status).toBe(201);
    const history = await t.request('GET', '/api/bid-assist?pageSize=2', { token: growth.token });
    expect(history.body.meta).toMatchObject({ total: 6, pageSize: 2, usage: { used: 6, limit: null } });
  });

  it('answers 400 with field details for invalid input, and counts nothing', async () => {
    const user = await t.createUser({ role: 'supplier', plan: 'CORE' });
    const extId = await externalId('Sumner House');
    const cases: Array<[unknown, string]> = [
      [{ message: 'Help with the bid please', deadline: inDays(3) }, 'tenderId'],
      [
        { tenderId: steelTenderId, externalTenderId: extId, message: 'Help with the bid please', deadline: inDays(3) },
        'tenderId',
      ],
      [{ tenderId: steelTenderId, message: 'short', deadline: inDays(3) }, 'message'],
      [{ tenderId: steelTenderId, message: 'Help with the bid please', deadline: 'next week' }, 'deadline'],
      [{ tenderId: steelTenderId, message: 'Help with the bid please', deadline: '2020-01-01' }, 'deadline'],
      [
        {
          tenderId: steelTenderId,
          message: 'Help with the bid please',
          deadline: inDays(3),
          documents: [`${supplier.id}/someone-elses.pdf`],
        },
        'documents',
      ],
    ];
    for (const [body, path] of cases) {
      const res = await t.request('POST', '/api/bid-assist', { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path.replace(/^body\./, ''))).toContain(path);
    }
    const unknown = await t.request('POST', '/api/bid-assist', {
      token: user.token,
      body: {
        tenderId: '00000000-0000-4000-8000-000000000000',
        message: 'Help with the bid please',
        deadline: inDays(3),
      },
    });
    expect(unknown.status).toBe(404);
    const history = await t.request('GET', '/api/bid-assist', { token: user.token });
    expect(history.body.meta.usage.used).toBe(0);
  });

  it('is for approved, subscribed suppliers only', async () => {
    const body = { tenderId: steelTenderId, message: 'Help with the bid please', deadline: inDays(3) };
    const buyer = await t.login('buyer@brickyard.test', DEMO_PASSWORD);
    expect((await t.request('POST', '/api/bid-assist', { token: buyer.token, body })).status).toBe(403);
    const pending = await t.createUser({ role: 'supplier', approved: false, plan: null });
    expect((await t.request('POST', '/api/bid-assist', { token: pending.token, body })).body.error.code).toBe(
      'ACCOUNT_PENDING_APPROVAL',
    );
    const unpaid = await t.createUser({ role: 'supplier', plan: null });
    expect((await t.request('POST', '/api/bid-assist', { token: unpaid.token, body })).body.error.code).toBe(
      'SUBSCRIPTION_REQUIRED',
    );
    expect((await t.request('POST', '/api/bid-assist', { body })).status).toBe(401);
  });
});

describe('docs/product.md §1 the support team’s queue: submitted → in review → completed', () => {
  it('mails the support mailbox, queues the request for admins, notifies the supplier of each change', async () => {
    const owner = await t.createUser({ role: 'supplier', companyName: 'Calder Groundworks Ltd' });
    const mailsBefore = t.mails.length;
    const created = await t.request('POST', '/api/bid-assist', {
      token: owner.token,
      body: { tenderId: steelTenderId, message: 'We need help with the method statement.', deadline: inDays(6) },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const mail = t.mails.slice(mailsBefore).find((m) => m.to === t.config.supportEmail);
    expect(mail?.subject).toBe('[Bid Assist] Structural steel frame for a four-storey office, Salford Quays');
    expect(mail?.text).toContain('We need help with the method statement.');
    expect(mail?.text).toContain('http://brickyard.test/admin/dashboard#bid-assist');

    const queue = await t.request('GET', '/api/admin/bid-assist?status=submitted&pageSize=100', { token: admin.token });
    expect(queue.status).toBe(200);
    const queued = queue.body.data.find((r: { id: string }) => r.id === id);
    expect(queued).toMatchObject({
      status: 'submitted',
      supplier: { companyName: 'Calder Groundworks Ltd', email: owner.email },
    });
    expect(queue.body.meta.counts.submitted).toBeGreaterThanOrEqual(1);
    // Oldest open request first.
    const created_ = queue.body.data.map((r: { createdAt: string }) => r.createdAt);
    expect([...created_].sort()).toEqual(created_);

    // Skipping a step or going back is a 409; completing needs a reply.
    const skip = await t.request('PUT', `/api/admin/bid-assist/${id}`, {
      token: admin.token,
      body: { status: 'completed', reply: 'Done' },
    });
    expect(skip.status).toBe(409);
    const review = await t.request('PUT', `/api/admin/bid-assist/${id}`, {
      token: admin.token,
      body: { status: 'in_review' },
    });
    expect(review.status).toBe(200);
    expect(review.body.data.status).toBe('in_review');
    const noReply = await t.request('PUT', `/api/admin/bid-assist/${id}`, {
      token: admin.token,
      body: { status: 'completed' },
    });
    expect(noReply.status).toBe(400);
    expect(noReply.body.error.details[0].path).toBe('reply');
    const done = await t.request('PUT', `/api/admin/bid-assist/${id}`, {
      token: admin.token,
      body: { status: 'completed', reply: 'We have marked up your method statement; see our notes on NSSS.' },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'completed',
      reply: 'We have marked up your method statement; see our notes on NSSS.',
    });
    const again = await t.request('PUT', `/api/admin/bid-assist/${id}`, {
      token: admin.token,
      body: { status: 'in_review' },
    });
    expect(again.status).toBe(409);

    // The supplier sees the reply in the history and one notification per change.
    const mine = await t.request('GET', '/api/bid-assist', { token: owner.token });
    expect(mine.body.data[0]).toMatchObject({
      id,
      status: 'completed',
      reply: 'We have marked up your method statement; see our notes on NSSS.',
    });
    const notes = await t.request('GET', '/api/notifications', { token: owner.token });
    const titles = notes.body.data
      .filter((n: { link: string | null }) => n.link === `/supplier/bid-assist?request=${id}`)
      .map((n: { title: string }) => n.title);
    expect(titles.sort()).toEqual([
      'Bid Assist request completed',
      'Bid Assist request in review',
      'Bid Assist request received',
    ]);
  });

  it('the queue is kept between visits yet shows the next request, move and supplier rename at once', async () => {
    const owner = await t.createUser({ role: 'supplier', companyName: 'Wharfe Scaffolding Ltd' });
    const queue = async () => {
      const res = await t.request('GET', '/api/admin/bid-assist?pageSize=100', { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const again = await t.request('GET', '/api/admin/bid-assist?pageSize=100', { token: admin.token });
      expect(again.body).toEqual(res.body);
      return res.body as {
        data: Array<{ id: string; status: string; supplier: { companyName: string; email: string } }>;
        meta: { total: number; counts: Record<string, number> };
      };
    };
    const before = await queue();
    const created = await t.request('POST', '/api/bid-assist', {
      token: owner.token,
      body: { tenderId: steelTenderId, message: 'Please check our scaffold design.', deadline: inDays(5) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    const added = await queue();
    expect(added.meta.total).toBe(before.meta.total + 1);
    expect(added.meta.counts.submitted).toBe(before.meta.counts.submitted! + 1);
    expect(added.data.find((r) => r.id === id)).toMatchObject({
      status: 'submitted',
      supplier: { companyName: 'Wharfe Scaffolding Ltd' },
    });

    const review = await t.request('PUT', `/api/admin/bid-assist/${id}`, {
      token: admin.token,
      body: { status: 'in_review' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    const moved = await queue();
    expect(moved.data.find((r) => r.id === id)?.status).toBe('in_review');
    expect(moved.meta.counts.in_review).toBe(added.meta.counts.in_review! + 1);

    const renamed = await t.request('PUT', '/api/settings/profile', {
      token: owner.token,
      body: { companyName: 'Wharfe Access Ltd' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await queue()).data.find((r) => r.id === id)?.supplier.companyName).toBe('Wharfe Access Ltd');
  });

  it('keeps requests private: another supplier gets 404, non-admins 403 on the queue', async () => {
    const other = await t.createUser({ role: 'supplier' });
    const mine = await t.request('GET', '/api/bid-assist', { token: supplier.token });
    const id = mine.body.data[0].id;
    expect((await t.request('GET', `/api/bid-assist/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/api/bid-assist/${id}/pack.pdf`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/api/bid-assist/${id}`, { token: admin.token })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/bid-assist', { token: supplier.token })).status).toBe(403);
    expect(
      (await t.request('PUT', `/api/admin/bid-assist/${id}`, { token: supplier.token, body: { status: 'in_review' } }))
        .status,
    ).toBe(403);
  });
});
