import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalTenders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { importFiles } from './feed-importer.ts';
import { SNAPSHOT_FILE } from './feed-jobs.ts';

let t: TestApp;
let supplier: TestUser;
let partner: TestUser;
let core: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const summary = await importFiles(t.db, [SNAPSHOT_FILE]);
  expect(summary).toMatchObject({ total: 60, new: 52, updated: 8, rejected: 0 });
  [supplier, partner, core, buyer] = await Promise.all([
    t.createUser({ role: 'supplier', plan: 'GROWTH' }),
    t.createUser({ role: 'supplier', plan: 'PARTNER' }),
    t.createUser({ role: 'supplier', plan: 'CORE' }),
    t.createUser({ role: 'buyer', plan: 'GROWTH' }),
  ]);
});
afterAll(() => t.close());

const get = (path: string, user: TestUser = supplier) => t.request('GET', path, { token: user.token });
const search = async (qs: string, user: TestUser = supplier) => {
  const res = await get(`/api/external-tenders/search?${qs}`, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: any[]; meta: any };
};

describe('docs/product.md §9 plan rule and §6 roles: the live feed is for suppliers on Growth and Partner', () => {
  it.each([
    ['/api/external-tenders/top'],
    ['/api/external-tenders/search'],
    ['/api/external-tenders/favourites/user'],
    ['/api/external-tenders/saved-searches'],
  ])('Core gets 402 PLAN_FEATURE_UNAVAILABLE on %s; Growth and Partner get 200', async (path) => {
    const denied = await get(path, core);
    expect(denied.status).toBe(402);
    expect(denied.body.error.code).toBe('PLAN_FEATURE_UNAVAILABLE');
    expect((await get(path, supplier)).status).toBe(200);
    expect((await get(path, partner)).status).toBe(200);
  });

  it('Core cannot open a tender or favourite one either', async () => {
    const { data } = await search('pageSize=1');
    expect((await get(`/api/external-tenders/${data[0].id}`, core)).status).toBe(402);
    expect(
      (await t.request('POST', `/api/external-tenders/favourites/${data[0].id}`, { token: core.token })).status,
    ).toBe(402);
  });

  it('a buyer gets 403, a supplier awaiting approval 423, no token 401', async () => {
    expect((await get('/api/external-tenders/search', buyer)).status).toBe(403);
    const pending = await t.createUser({ role: 'supplier', approved: false, plan: null });
    expect((await get('/api/external-tenders/search', pending)).status).toBe(423);
    expect((await t.request('GET', '/api/external-tenders/search')).status).toBe(401);
  });
});

describe('docs/product.md §7 GET /api/external-tenders/search', () => {
  it('lists newest first with page meta and facet counts; past deadlines are shown as closed', async () => {
    const { data, meta } = await search('pageSize=5');
    expect(meta).toMatchObject({ page: 1, pageSize: 5, total: 52 });
    expect(data).toHaveLength(5);
    const dates = data.map((d) => d.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Every shipped deadline is in the past: nothing is presented as open.
    expect(data.every((d) => d.isOpen === false && d.status !== 'open')).toBe(true);
    const statuses = Object.fromEntries(meta.facets.status.map((s: any) => [s.value, s.count]));
    expect(statuses.closed + (statuses.complete ?? 0)).toBe(52);
    expect(meta.facets.cpvDivisions[0]).toMatchObject({ value: '45', label: 'Construction work' });
    expect(meta.facets.locations.length).toBeGreaterThan(0);
  });

  it('finds text with full-text search (stemmed) and tolerates a typo in the title', async () => {
    const exact = await search('q=refurbishment');
    expect(exact.data.map((d) => d.title)).toContain('GB-London: Latimer Road Internal and External Refurbishment');
    const stemmed = await search('q=ventilating');
    expect(stemmed.data[0].title).toBe('Regent Theatre Back of House Ventilation & Cooling');
    const typo = await search('q=ventilaton');
    expect(typo.data.map((d) => d.title)).toContain('Regent Theatre Back of House Ventilation & Cooling');
    expect((await search('q=zzqxjv')).meta.total).toBe(0);
  });

  it('pages words in the search engine’s order, and a filter keeps that order among what it lets through', async () => {
    const all = (await search('q=works%20refurbishment%20repair&pageSize=100')).data.map((d) => d.id);
    expect(all.length).toBeGreaterThan(10);
    const [p1, p2] = await Promise.all([
      search('q=works%20refurbishment%20repair&pageSize=5&page=1'),
      search('q=works%20refurbishment%20repair&pageSize=5&page=2'),
    ]);
    expect([...p1.data, ...p2.data].map((d) => d.id)).toEqual(all.slice(0, 10));
    const works = await search('q=works%20refurbishment%20repair&cpv=45&pageSize=100');
    expect(works.data.length).toBeGreaterThan(0);
    expect(works.data.length).toBeLessThan(all.length);
    expect(works.data.every((d) => d.cpvCodes.some((c: string) => c.startsWith('45')))).toBe(true);
    const ids = works.data.map((d) => d.id);
    expect(ids).toEqual(all.filter((id) => ids.includes(id)));
  });

  it('filters by status, CPV prefix, value range, location and closing window, and pages', async () => {
    expect((await search('status=open')).meta.total).toBe(0);
    const closed = await search('status=closed&pageSize=100');
    expect(closed.data.every((d) => d.status === 'closed')).toBe(true);

    const works = await search('cpv=45&pageSize=100');
    expect(works.meta.total).toBeGreaterThan(20);
    expect(works.data.every((d) => d.cpvCodes.some((c: string) => c.startsWith('45')))).toBe(true);
    const refurb = await search('cpv=45453100&pageSize=100');
    expect(refurb.data.every((d) => d.cpvCodes.some((c: string) => c.startsWith('454531')))).toBe(true);

    const mid = await search('minValue=100000&maxValue=500000&pageSize=100');
    expect(mid.meta.total).toBeGreaterThan(0);
    expect(mid.data.every((d) => d.amount >= 100000 && d.amount <= 500000)).toBe(true);

    const london = await search('location=london&pageSize=100');
    expect(london.meta.total).toBeGreaterThan(0);
    expect(london.data.every((d) => /london/i.test(d.location))).toBe(true);

    const window = await search('closingFrom=2025-02-01&closingTo=2025-02-28&sort=closing&pageSize=100');
    expect(window.meta.total).toBeGreaterThan(0);
    const ends = window.data.map((d) => d.tenderEndDate);
    expect(ends.every((e: string) => e >= '2025-02-01' && e < '2025-03-01')).toBe(true);

    const p1 = await search('pageSize=10&page=1');
    const p2 = await search('pageSize=10&page=2');
    expect(p1.data.map((d) => d.id)).not.toContain(p2.data[0].id);
    expect(p2.meta.page).toBe(2);
  });

  it('"Closing soon" puts open notices by deadline first, then open ones with none, then the closed, on both searches', async () => {
    const day = 86_400_000;
    const rows = [
      ['open, closing in 20 days', 'active', 20],
      ['cancelled, deadline in 2 days', 'cancelled', 2],
      ['open, no deadline', 'active', null],
      ['open, closing in 5 days', 'active', 5],
      ['closed yesterday', 'active', -1],
    ] as const;
    const inserted = await t.db
      .insert(externalTenders)
      .values(
        rows.map(([title, tenderStatus, days]) => ({
          ocid: `ocds-test-${crypto.randomUUID()}`,
          releaseId: crypto.randomUUID(),
          origin: 'contracts-finder',
          title,
          description: 'Quillwort pond closing order check.',
          location: 'Ynys Enlli',
          date: new Date(),
          tenderStatus,
          tenderEndDate: days === null ? null : new Date(Date.now() + days * day),
          contentHash: crypto.randomUUID(),
          cpvCodes: ['45000000'],
        })),
      )
      .returning({ id: externalTenders.id });
    try {
      const order = [
        'open, closing in 5 days',
        'open, closing in 20 days',
        'open, no deadline',
        'cancelled, deadline in 2 days',
        'closed yesterday',
      ];
      const { data } = await search('location=Ynys%20Enlli&sort=closing&pageSize=100');
      expect(data.map((d) => d.title)).toEqual(order);
      // /api/search sorts the live feed by the same rule
      const searched = await get('/api/search?type=external&q=quillwort&sort=closing_soon');
      expect(searched.status, JSON.stringify(searched.body)).toBe(200);
      // (the engine also finds notices related to the word: closed snapshot notices, after these)
      expect(searched.body.data.map((d: { title: string }) => d.title).slice(0, order.length)).toEqual(order);
    } finally {
      await t.db.delete(externalTenders).where(
        inArray(
          externalTenders.id,
          inserted.map((r) => r.id),
        ),
      );
    }
  });

  it('answers hostile search strings with 200 or 400, never 500', async () => {
    const hostile = [
      `"'; drop table external_tenders; --`,
      `roof' OR '1'='1`,
      '!!! & | ( ) : * <-> \\',
      '"unterminated',
      '%_%',
      '😀 ŝtrañge ünïcode',
      'a'.repeat(201),
      'x'.repeat(10_240),
      '\u0000nul',
    ];
    for (const q of hostile) {
      const res = await get(
        `/api/external-tenders/search?q=${encodeURIComponent(q)}&location=${encodeURIComponent(q.slice(0, 50))}`,
      );
      expect([200, 400], `${q.slice(0, 30)} → ${res.status}`).toContain(res.status);
    }
    for (const qs of [
      'minValue=abc',
      'cpv=abc',
      'sort=random',
      'pageSize=1000',
      'status=nope',
      'closingFrom=tomorrow',
      'minValue=10&maxValue=5',
    ]) {
      const res = await get(`/api/external-tenders/search?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await search('pageSize=1')).meta.total).toBe(52);
  });
});

describe('docs/product.md §7 GET /api/external-tenders/{id} and favourites (docs/product.md §4: the flag flips once the call succeeds)', () => {
  it('returns the External tender of docs/product.md §3 under data, with isFavourited for the caller', async () => {
    const { data } = await search('q=Latimer');
    const res = await get(`/api/external-tenders/${data[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: data[0].id,
      title: 'GB-London: Latimer Road Internal and External Refurbishment',
      status: 'complete',
      amount: 263321.17,
      currency: 'GBP',
      location: 'London',
      ocid: 'ocds-b5fd17-fa17348a-cbe3-4779-8ee6-21a661ea80e6',
      tenderId: 'BIP919868359',
      tenderStartDate: null,
      tenderEndDate: '2024-12-23T00:00:00.000Z',
      awardStartDate: '2025-01-05T00:00:00.000Z',
      awardEndDate: '2025-07-06T22:59:59.000Z',
      date: '2025-01-23T16:25:10.000Z',
      procurementMethod: null,
      procurementMethodDetails: 'Not specified',
      source: 'https://www.contractsfinder.service.gov.uk/Notice/0ef92a60-dd18-43ae-a00c-4255dc32baaa',
      isFavourited: false,
      buyerName: 'Peabody Trust',
      cpvCodes: ['45453100'],
      noticeType: 'award',
      origin: 'contracts-finder',
    });
    expect(typeof res.body.data.description).toBe('string');
    expect((await get('/api/external-tenders/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/external-tenders/not-a-uuid')).status).toBe(400);
  });

  it('the favourites tab counts the caller’s favourites on every page, a page past the last included', async () => {
    const ids = (await search('q=works')).data.slice(0, 3).map((d: { id: string }) => d.id);
    expect(ids).toHaveLength(3);
    for (const id of ids) await t.request('POST', `/api/external-tenders/favourites/${id}`, { token: supplier.token });
    await t.request('POST', `/api/external-tenders/favourites/${ids[0]}`, { token: partner.token });
    const pageOf = async (page: number) => {
      const res = await get(`/api/external-tenders/favourites/user?pageSize=2&page=${page}`);
      expect(res.status).toBe(200);
      return { n: res.body.data.length, total: res.body.meta.total };
    };
    expect([await pageOf(1), await pageOf(2), await pageOf(3)]).toEqual([
      { n: 2, total: 3 },
      { n: 1, total: 3 },
      { n: 0, total: 3 },
    ]);
    for (const id of ids)
      await t.request('DELETE', `/api/external-tenders/favourites/${id}`, { token: supplier.token });
    await t.request('DELETE', `/api/external-tenders/favourites/${ids[0]}`, { token: partner.token });
    expect(await pageOf(1)).toEqual({ n: 0, total: 0 });
  });

  it('favourites idempotently, lists them per user, and removes them idempotently', async () => {
    const { data } = await search('q=pitch');
    const id = data[0].id;
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', `/api/external-tenders/favourites/${id}`, { token: supplier.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id, isFavourited: true });
    }
    expect((await get(`/api/external-tenders/${id}`)).body.data.isFavourited).toBe(true);
    // Another supplier's view is their own.
    expect((await get(`/api/external-tenders/${id}`, partner)).body.data.isFavourited).toBe(false);

    const favs = await get('/api/external-tenders/favourites/user');
    expect(favs.status).toBe(200);
    expect(favs.body.meta.total).toBe(1);
    expect(favs.body.data[0]).toMatchObject({ id, isFavourited: true });
    expect((await search('q=pitch')).data.find((d) => d.id === id).isFavourited).toBe(true);

    for (let i = 0; i < 2; i++) {
      const res = await t.request('DELETE', `/api/external-tenders/favourites/${id}`, { token: supplier.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id, isFavourited: false });
    }
    expect((await get('/api/external-tenders/favourites/user')).body.meta.total).toBe(0);
    expect(
      (
        await t.request('POST', '/api/external-tenders/favourites/00000000-0000-4000-8000-000000000000', {
          token: supplier.token,
        })
      ).status,
    ).toBe(404);
  });
});

describe('docs/product.md §7 GET /api/external-tenders/top', () => {
  it('falls back to newest when nothing is open, and ranks the supplier’s interests (favourite CPV) first', async () => {
    const plain = await get('/api/external-tenders/top?limit=5', partner);
    expect(plain.status).toBe(200);
    expect(plain.body.data).toHaveLength(5);

    // Partner favourites an IT-services tender (CPV 72): similar tenders rise to the top.
    const it72 = (await search('cpv=72&pageSize=1', partner)).data[0];
    expect(it72).toBeDefined();
    expect(plain.body.data[0].id).not.toBe(it72.id);
    await t.request('POST', `/api/external-tenders/favourites/${it72.id}`, { token: partner.token });
    const ranked = await get('/api/external-tenders/top?limit=3', partner);
    expect(ranked.body.data[0].cpvCodes.some((c: string) => c.startsWith(it72.cpvCodes[0].slice(0, 4)))).toBe(true);
  });
});

describe('Saved searches with alerts: /api/external-tenders/saved-searches', () => {
  it('creates, lists, updates and deletes a supplier’s saved searches, validating criteria', async () => {
    const created = await t.request('POST', '/api/external-tenders/saved-searches', {
      token: supplier.token,
      body: { name: 'Welsh pitches', criteria: { q: 'pitch', cpv: '45', location: 'Wales' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Welsh pitches',
      emailAlerts: true,
      criteria: { q: 'pitch', cpv: '45', location: 'Wales' },
    });
    const id = created.body.data.id;

    const list = await get('/api/external-tenders/saved-searches');
    expect(list.body.data.map((s: any) => s.id)).toContain(id);
    expect((await get('/api/external-tenders/saved-searches', partner)).body.data.map((s: any) => s.id)).not.toContain(
      id,
    );

    const updated = await t.request('PUT', `/api/external-tenders/saved-searches/${id}`, {
      token: supplier.token,
      body: { name: 'Pitches', criteria: { q: 'pitch' }, emailAlerts: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Pitches', emailAlerts: false });
    // Someone else's search is not found.
    expect(
      (await t.request('DELETE', `/api/external-tenders/saved-searches/${id}`, { token: partner.token })).status,
    ).toBe(404);

    const bad = await t.request('POST', '/api/external-tenders/saved-searches', {
      token: supplier.token,
      body: { name: '', criteria: { cpv: 'drop table' } },
    });
    expect(bad.status).toBe(400);

    expect(
      (await t.request('DELETE', `/api/external-tenders/saved-searches/${id}`, { token: supplier.token })).status,
    ).toBe(200);
    expect(
      (await t.request('DELETE', `/api/external-tenders/saved-searches/${id}`, { token: supplier.token })).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', '/api/external-tenders/saved-searches', {
          token: core.token,
          body: { name: 'x', criteria: {} },
        })
      ).status,
    ).toBe(402);
  });
});
