import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { future, tenderBody } from '../../../test/builders.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let supplier: TestUser;
let pendingBuyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, otherBuyer, supplier, pendingBuyer] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Northgate Developments Ltd' }),
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'buyer', approved: false, plan: null }),
  ]);
});
afterAll(() => t.close());

async function createTender(over: Record<string, unknown> = {}, token = buyer.token) {
  const res = await t.request('POST', '/api/tender', { token, body: tenderBody(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('docs/product.md §7 Tenders: POST /api/tender', () => {
  it('creates a tender for a buyer with every docs/product.md §3 field, money in pence and pounds, and user.companyName', async () => {
    const d = await createTender();
    expect(d).toMatchObject({
      userId: buyer.id,
      user: { companyName: 'Northgate Developments Ltd' },
      status: 'active',
      category: 'structural-steel',
      subcategories: ['beams-and-columns', 'steel-fabrication-and-erection'],
      budget: 185000.5,
      budgetPence: 18500050,
      currency: 'GBP',
      leadTime: 42,
      region: 'north-west',
      availability: 'available',
      warrantyRequirement: true,
      rebate: false,
      attachments: [],
      supportingDocumentIds: [],
      requiredCertifications: ['CE marking', 'ISO 9001'],
      awardedSupplierId: null,
    });
    expect(new Date(d.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts category and region by display name and pence instead of pounds', async () => {
    const d = await createTender({
      category: 'Concrete & Cement',
      subcategories: ['Ready-mix concrete'],
      region: 'North West',
      budget: undefined,
      budgetPence: 123456,
    });
    expect(d).toMatchObject({
      category: 'concrete',
      subcategories: ['ready-mix-concrete'],
      region: 'north-west',
      budget: 1234.56,
    });
  });

  it('refuses invalid input with 400 and field details', async () => {
    const res = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: tenderBody({ title: 'x', category: 'cheese', budget: 10.123, region: 'atlantis', leadTime: -1 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.title', 'body.category', 'body.budget', 'body.region', 'body.leadTime']),
    );
  });

  it('refuses subcategories of another category and disagreeing pounds/pence (400)', async () => {
    const res = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: tenderBody({ subcategories: ['ready-mix-concrete'], budgetPence: 1 }),
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.subcategories.0', 'body.budget']));
  });

  it('needs a future deadline to publish (400) but not for a draft', async () => {
    const res = await t.request('POST', '/api/tender', { token: buyer.token, body: tenderBody({ deadline: null }) });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('deadline');
    const draft = await createTender({ deadline: null, status: 'draft' });
    expect(draft.status).toBe('draft');
  });

  it('refuses suppliers (403), anonymous (401), and a buyer awaiting approval (423)', async () => {
    expect((await t.request('POST', '/api/tender', { token: supplier.token, body: tenderBody() })).status).toBe(403);
    expect((await t.request('POST', '/api/tender', { body: tenderBody() })).status).toBe(401);
    const pending = await t.request('POST', '/api/tender', { token: pendingBuyer.token, body: tenderBody() });
    expect(pending.status).toBe(423);
  });
});

describe('docs/product.md §7 Tenders: GET/PUT/DELETE /api/tender/{id} and ownership', () => {
  it("lets suppliers read an active tender, but a draft is the owner's only (404 to others)", async () => {
    const active = await createTender();
    const draft = await createTender({ status: 'draft' });
    expect((await t.request('GET', `/api/tender/${active.id}`, { token: supplier.token })).body.data.id).toBe(
      active.id,
    );
    expect((await t.request('GET', `/api/tender/${draft.id}`, { token: buyer.token })).status).toBe(200);
    expect((await t.request('GET', `/api/tender/${draft.id}`, { token: supplier.token })).status).toBe(404);
    expect((await t.request('GET', `/api/tender/${active.id}`, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('GET', `/api/tender/${active.id}`)).status).toBe(401);
    expect((await t.request('GET', `/api/tender/not-a-uuid`, { token: buyer.token })).status).toBe(400);
  });

  it('updates a subset of fields for the owner and audits each change', async () => {
    const d = await createTender();
    const res = await t.request('PUT', `/api/tender/${d.id}`, {
      token: buyer.token,
      body: { title: 'Steel frame, revised scope', budget: 190000, region: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Steel frame, revised scope',
      budgetPence: 19000000,
      region: null,
      leadTime: 42,
    });
    const audit = await t.request('GET', `/api/tender/${d.id}/audit?format=json`, { token: buyer.token });
    const updated = audit.body.data.events.find((e: { action: string }) => e.action === 'updated');
    expect(updated.changes).toEqual({
      title: { from: 'Structural steel frame for a 4-storey office', to: 'Steel frame, revised scope' },
      budgetPence: { from: 18500050, to: 19000000 },
      region: { from: 'north-west', to: null },
    });
    expect(updated.actor.id).toBe(buyer.id);
  });

  it('refuses another buyer (404), a supplier (403), anonymous (401) and bad input (400)', async () => {
    const d = await createTender();
    expect(
      (await t.request('PUT', `/api/tender/${d.id}`, { token: otherBuyer.token, body: { title: 'Hijacked' } })).status,
    ).toBe(404);
    expect(
      (await t.request('PUT', `/api/tender/${d.id}`, { token: supplier.token, body: { title: 'Hijacked' } })).status,
    ).toBe(403);
    expect((await t.request('PUT', `/api/tender/${d.id}`, { body: { title: 'Hijacked' } })).status).toBe(401);
    const bad = await t.request('PUT', `/api/tender/${d.id}`, {
      token: buyer.token,
      body: { quantity: 1.5, status: 'bogus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((x: { path: string }) => x.path)).toEqual(
      expect.arrayContaining(['body.quantity', 'body.status']),
    );
    expect((await t.request('DELETE', `/api/tender/${d.id}`, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/tender/${d.id}`, { token: supplier.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/tender/${d.id}`)).status).toBe(401);
    expect((await t.request('GET', `/api/tender/${d.id}`, { token: buyer.token })).body.data.title).toBe(d.title);
  });

  it('deletes for the owner (then 404) and keeps a deleted event in the trail', async () => {
    const d = await createTender();
    expect((await t.request('DELETE', `/api/tender/${d.id}`, { token: buyer.token })).status).toBe(200);
    expect((await t.request('GET', `/api/tender/${d.id}`, { token: buyer.token })).status).toBe(404);
    const rows = await t.db.query.auditEvents.findMany({ where: (a, { eq }) => eq(a.tenderId, d.id) });
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['created', 'deleted']));
  });
});

describe('docs/product.md §4 tender statuses: enforced transitions and POST /api/tender/{id}/complete', () => {
  it('moves draft → active → pending and refuses draft → fulfilled (409)', async () => {
    const d = await createTender({ status: 'draft' });
    const bad = await t.request('PUT', `/api/tender/${d.id}`, { token: buyer.token, body: { status: 'fulfilled' } });
    expect(bad.status).toBe(409);
    expect(bad.body.error.code).toBe('INVALID_STATE');
    expect(
      (await t.request('PUT', `/api/tender/${d.id}`, { token: buyer.token, body: { status: 'active' } })).body.data
        .status,
    ).toBe('active');
    expect(
      (await t.request('PUT', `/api/tender/${d.id}`, { token: buyer.token, body: { status: 'pending' } })).body.data
        .status,
    ).toBe('pending');
    const audit = await t.request('GET', `/api/tender/${d.id}/audit?format=json`, { token: buyer.token });
    const statusEvents = audit.body.data.events
      .filter((e: { action: string }) => e.action === 'status_changed')
      .map((e: any) => e.changes.status);
    expect(statusEvents).toEqual([
      { from: 'draft', to: 'active' },
      { from: 'active', to: 'pending' },
    ]);
  });

  it('completes an active tender for the owner only; a fulfilled tender is final', async () => {
    const d = await createTender();
    expect((await t.request('POST', `/api/tender/${d.id}/complete`, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('POST', `/api/tender/${d.id}/complete`, { token: supplier.token })).status).toBe(403);
    expect((await t.request('POST', `/api/tender/${d.id}/complete`)).status).toBe(401);
    const done = await t.request('POST', `/api/tender/${d.id}/complete`, { token: buyer.token });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('fulfilled');
    expect((await t.request('POST', `/api/tender/${d.id}/complete`, { token: buyer.token })).status).toBe(409);
    expect(
      (await t.request('PUT', `/api/tender/${d.id}`, { token: buyer.token, body: { title: 'Too late now' } })).status,
    ).toBe(409);
  });

  it('refuses to complete a draft (409)', async () => {
    const d = await createTender({ status: 'draft' });
    expect((await t.request('POST', `/api/tender/${d.id}/complete`, { token: buyer.token })).status).toBe(409);
  });
});

describe('docs/product.md §7 Tenders: lists, filters, sorting and stats', () => {
  let b: TestUser;
  beforeAll(async () => {
    b = await t.createUser({ role: 'buyer', companyName: 'Lists Ltd' });
    const mk = (over: Record<string, unknown>) => createTender(over, b.token);
    await mk({
      title: 'Ready-mix concrete for ground floor slab',
      category: 'concrete',
      subcategories: ['ready-mix-concrete'],
      budget: 42000,
      region: 'london',
      deadline: future(3),
    });
    await mk({
      title: 'Timber roof trusses for 12 houses',
      category: 'timber',
      subcategories: ['roof-trusses'],
      budget: 18000,
      region: 'wales',
      deadline: future(20),
    });
    await mk({ title: 'Galvanised steel lintels', budget: 9000, region: 'north-west', deadline: future(10) });
    await mk({
      title: 'Draft: plant hire for groundworks',
      category: 'plant-hire',
      subcategories: ['excavators'],
      status: 'draft',
      budget: 5000,
      deadline: null,
    });
  });

  it("paginates the buyer's own tenders with meta", async () => {
    const res = await t.request('GET', '/api/tender/buyerTenders?page=1&pageSize=2', { token: b.token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, pageSize: 2, total: 4 });
    expect(res.body.data).toHaveLength(2);
    expect((await t.request('GET', '/api/tender/buyerTenders?pageSize=101', { token: b.token })).status).toBe(400);
    expect((await t.request('GET', '/api/tender/buyerTenders', { token: supplier.token })).status).toBe(403);
    expect((await t.request('GET', '/api/tender/buyerTenders')).status).toBe(401);
  });

  it('filters by category, region, status, budget range and text, and sorts', async () => {
    const get = async (qs: string) =>
      (await t.request('GET', `/api/tender/buyerTenders?${qs}`, { token: b.token })).body;
    expect((await get('category=concrete')).data.map((x: any) => x.title)).toEqual([
      'Ready-mix concrete for ground floor slab',
    ]);
    expect((await get('region=wales')).meta.total).toBe(1);
    expect((await get('status=draft')).meta.total).toBe(1);
    expect((await get('status=active,draft')).meta.total).toBe(4);
    expect((await get('minBudget=9000&maxBudget=20000')).data.map((x: any) => x.budget).sort()).toEqual(
      [18000, 9000].sort(),
    );
    expect((await get('q=trusses')).data.map((x: any) => x.title)).toEqual(['Timber roof trusses for 12 houses']);
    expect((await get('sort=budget_desc')).data.map((x: any) => x.budget)).toEqual([42000, 18000, 9000, 5000]);
    expect((await get('sort=closing_soon&status=active')).data.map((x: any) => x.budget)).toEqual([42000, 9000, 18000]);
    const bad = await t.request('GET', '/api/tender/buyerTenders?sort=sideways&category=cheese', { token: b.token });
    expect(bad.status).toBe(400);
  });

  it("sorts a buyer's tenders closing soonest with the ones still taking bids first, past deadlines last", async () => {
    const own = await t.createUser({ role: 'buyer', companyName: 'Closing Order Ltd' });
    const mk = async (title: string, deadline: string | null, status = 'active') =>
      (await createTender({ title, deadline, status }, own.token)).id;
    await mk('Closes in five days', future(5));
    await mk('Closes in two days', future(2));
    const lapsed = await mk('Closed yesterday', future(9));
    const older = await mk('Closed last week', future(8));
    await mk('Draft with no deadline yet', null, 'draft');
    // deadlines that passed with no write to the tender (the clock ran past them)
    await t.db.execute(sql`update tenders set deadline = now() - interval '1 day' where id = ${lapsed}`);
    await t.db.execute(sql`update tenders set deadline = now() - interval '7 days' where id = ${older}`);
    const res = await t.request('GET', '/api/tender/buyerTenders?sort=closing_soon', { token: own.token });
    expect(res.body.data.map((x: any) => x.title)).toEqual([
      'Closes in two days',
      'Closes in five days',
      'Closed yesterday',
      'Closed last week',
      'Draft with no deadline yet',
    ]);
  });

  it('shows suppliers only active tenders in /supplierTenders and the public record in /user/{id}', async () => {
    const res = await t.request('GET', `/api/tender/supplierTenders?q=trusses`, { token: supplier.token });
    expect(res.body.data.map((x: any) => x.title)).toEqual(['Timber roof trusses for 12 houses']);
    expect((await t.request('GET', '/api/tender/supplierTenders', { token: b.token })).status).toBe(403);
    const own = await t.request('GET', `/api/tender/user/${b.id}`, { token: b.token });
    expect(own.body.meta.total).toBe(4);
    const seen = await t.request('GET', `/api/tender/user/${b.id}`, { token: supplier.token });
    expect(seen.body.meta.total).toBe(3);
    const other = await t.request('GET', `/api/tender/user/${b.id}`, { token: otherBuyer.token });
    expect(other.body.meta.total).toBe(0);
    const ap = await t.request('GET', `/api/tender/user/active-pending/${b.id}`, { token: b.token });
    expect(ap.body.data.every((x: any) => ['active', 'pending'].includes(x.status))).toBe(true);
    expect(ap.body.meta.total).toBe(3);
    expect((await t.request('GET', `/api/tender/user/${b.id}`)).status).toBe(401);
    expect((await t.request('GET', `/api/tender/user/nope`, { token: b.token })).status).toBe(400);
  });

  it("answers the owner's stats and refuses anyone else (404)", async () => {
    const res = await t.request('GET', `/api/tender/stats/${b.id}`, { token: b.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      total: 4,
      byStatus: { active: 3, draft: 1, fulfilled: 0 },
      openBudgetPence: 6_900_000,
      openBudget: 69000,
      closingWithin7Days: 1,
    });
    expect((await t.request('GET', `/api/tender/stats/${b.id}`, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('GET', `/api/tender/stats/${b.id}`)).status).toBe(401);
  });

  it('lists tenders awarded to the calling supplier', async () => {
    const d = await createTender({}, b.token);
    // The contracts issue awards through the service; here the award is set directly.
    await t.db.execute(
      sql`update tenders set awarded_supplier_id = ${supplier.id}, status = 'pending' where id = ${d.id}`,
    );
    const pend = await t.request('GET', '/api/tender/supplierFulfilledAndPendingTenders', { token: supplier.token });
    expect(pend.body.data.map((x: any) => x.id)).toEqual([d.id]);
    expect(
      (await t.request('GET', '/api/tender/supplierFulfilledTenders', { token: supplier.token })).body.meta.total,
    ).toBe(0);
    await t.request('POST', `/api/tender/${d.id}/complete`, { token: b.token });
    expect(
      (await t.request('GET', '/api/tender/supplierFulfilledTenders', { token: supplier.token })).body.data[0].id,
    ).toBe(d.id);
    expect((await t.request('GET', '/api/tender/supplierFulfilledTenders', { token: b.token })).status).toBe(403);
    expect((await t.request('GET', '/api/tender/supplierFulfilledTenders')).status).toBe(401);
  });
});

describe('docs/product.md §7 GET /api/tender/{id}/audit: PDF, CSV, JSON export for the owner', () => {
  it('exports a real PDF by default with an attachment filename', async () => {
    const d = await createTender();
    await t.request('PUT', `/api/tender/${d.id}`, { token: buyer.token, body: { budget: 200000 } });
    const res = await fetch(`${t.url}/api/tender/${d.id}/audit`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tender-[0-9a-f]{8}-audit\.pdf"$/);
    const buf = Buffer.from(await res.arrayBuffer());
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(buf.length).toBeGreaterThan(1500);
    expect(buf.subarray(-6).toString()).toContain('%%EOF');
  });

  it('exports CSV with one row per changed field', async () => {
    const d = await createTender();
    await t.request('PUT', `/api/tender/${d.id}`, { token: buyer.token, body: { budget: 200000 } });
    const res = await t.request('GET', `/api/tender/${d.id}/audit?format=csv`, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('.csv');
    const text = String(res.body).replace(/^\uFEFF/, '');
    expect(text.split('\n')[0]).toBe('Timestamp (UTC),Who,Company,Action,Field,From,To');
    expect(text).toContain('Details updated,Budget,"£185,000.50","£200,000"');
  });

  it('CSV cells that a spreadsheet would run as formulas are neutralised, and the file has a UTF-8 BOM', async () => {
    const d = await createTender();
    const titles = ['=HYPERLINK("http://evil.test","x")', '+1+2', '-2+3', '@SUM(A1)'];
    for (const title of titles) {
      const put = await t.request('PUT', `/api/tender/${d.id}`, {
        token: buyer.token,
        body: { title: `${title} steel frame` },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
    const res = await fetch(`${t.url}/api/tender/${d.id}/audit?format=csv`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text).toContain('£');
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- csv-parse's one-argument overload returns any
    const cells = (parseCsv(text) as string[][]).flat();
    for (const title of titles) expect(cells).toContain(`'${title} steel frame`);
    // No cell starts with a formula character (a lone "-" for "none" is plain text).
    expect(cells.filter((c) => c !== '-' && /^[=+\-@\t\r]/.test(c))).toEqual([]);
  });

  it('reads as a person would: the awarded supplier by name, £ amounts and labels, never ids, pence or slugs (screen JSON, CSV and PDF)', async () => {
    const awardee = await t.createUser({ role: 'supplier', companyName: 'Pennine Steel Frames Ltd' });
    const d = await createTender();
    const put = await t.request('PUT', `/api/tender/${d.id}`, {
      token: buyer.token,
      body: { region: 'yorkshire-and-the-humber', subcategories: ['beams-and-columns'] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const award = await t.request('POST', '/api/contract', {
      token: buyer.token,
      body: { tenderId: d.id, supplierId: awardee.id, value: 25650, terms: '30 days' },
    });
    expect(award.status, JSON.stringify(award.body)).toBe(201);

    const json = await t.request('GET', `/api/tender/${d.id}/audit?format=json`, { token: buyer.token });
    const lines = json.body.data.events.flatMap((e: { lines: Array<{ label: string; from: string; to: string }> }) =>
      e.lines.map((l) => `${l.label}: ${l.from} → ${l.to}`),
    );
    expect(lines).toContain('Awarded supplier: — → Pennine Steel Frames Ltd');
    expect(lines).toContain('Contract value: — → £25,650');
    expect(lines).toContain('Region: North West → Yorkshire and the Humber');
    expect(lines.findLast((l: string) => l.startsWith('Subcategories:'))).toBe(
      'Subcategories: Beams & columns, Fabrication & erection → Beams & columns',
    );

    const csv = String((await t.request('GET', `/api/tender/${d.id}/audit?format=csv`, { token: buyer.token })).body);
    const res = await fetch(`${t.url}/api/tender/${d.id}/audit`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const { extractText, getDocumentProxy } = await import('unpdf');
    // PDF table cells wrap their words onto several lines
    const pdf = (
      await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })
    ).text.replace(/\s+/g, ' ');
    // The tender's own id is its reference in the PDF's summary; no other id may show.
    for (const text of [lines.join('\n'), csv, pdf.replaceAll(d.id, '')]) {
      expect(text).toContain('Pennine Steel Frames Ltd');
      expect(text).toContain('£25,650');
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
      expect(text).not.toMatch(/Pence|north-west|yorkshire-and|beams-and-columns|2565000/);
    }
  });

  it('refuses anyone but the owner (404 / 403 / 401) and a bad format (400)', async () => {
    const d = await createTender();
    expect((await t.request('GET', `/api/tender/${d.id}/audit`, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('GET', `/api/tender/${d.id}/audit`, { token: supplier.token })).status).toBe(403);
    expect((await t.request('GET', `/api/tender/${d.id}/audit`)).status).toBe(401);
    expect((await t.request('GET', `/api/tender/${d.id}/audit?format=docx`, { token: buyer.token })).status).toBe(400);
  });
});

describe('DESIGN §7 demo data: tenders for the demo buyer, catalogue items for the demo suppliers', () => {
  it('seeds realistic tenders in several statuses and catalogue items that the API serves', async () => {
    const { seedListings } = await import('./listings.seed.ts');
    const demoBuyer = await t.createUser({ role: 'buyer', email: 'buyer@brickyard.test' });
    const demoSupplier = await t.createUser({ role: 'supplier', email: 'supplier@brickyard.test' });
    const demoCore = await t.createUser({ role: 'supplier', email: 'core-supplier@brickyard.test', plan: 'CORE' });
    await seedListings(
      t.db,
      new Map([
        ['buyer@brickyard.test', demoBuyer.id],
        ['supplier@brickyard.test', demoSupplier.id],
        ['core-supplier@brickyard.test', demoCore.id],
      ]),
    );
    const mine = await t.request('GET', '/api/tender/buyerTenders?pageSize=100', { token: demoBuyer.token });
    expect(mine.body.meta.total).toBe(8);
    expect(new Set(mine.body.data.map((x: any) => x.status))).toEqual(
      new Set(['active', 'pending', 'fulfilled', 'draft', 'closed', 'cancelled']),
    );
    const open = await t.request(
      'GET',
      '/api/tender/supplierTenders?region=north-west&sort=closing_soon&pageSize=100',
      { token: demoSupplier.token },
    );
    expect(open.body.data.filter((x: any) => x.userId === demoBuyer.id)).toHaveLength(3);
    const audit = await t.request('GET', `/api/tender/${mine.body.data[0].id}/audit?format=json`, {
      token: demoBuyer.token,
    });
    expect(audit.body.data.events[0].action).toBe('created');
    const items = await t.request('GET', '/api/catalogue?pageSize=100', { token: demoBuyer.token });
    expect(items.body.data.filter((x: any) => [demoSupplier.id, demoCore.id].includes(x.userId))).toHaveLength(15);
    expect(
      (await t.request('GET', '/api/catalogue?q=excavator', { token: demoBuyer.token })).body.meta.total,
    ).toBeGreaterThan(0);
  });
});
