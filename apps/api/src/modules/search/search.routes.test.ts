import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from 'date-fns';
import { eq } from 'drizzle-orm';
import { catalogueItems } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let coreSupplier: TestUser;

const items = [
  {
    title: 'Gypsum plasterboard 12.5mm sheets',
    description: 'Standard wallboard for drylining and partitions, tapered edge.',
    category: 'finishes',
    subcategories: ['plastering'],
    value: 8.5,
    region: 'london',
  },
  {
    title: 'S355 universal steel beams',
    description: 'Hot rolled structural steel beams and columns, CE marked.',
    category: 'structural-steel',
    value: 1150,
    region: 'north-west',
  },
  {
    title: 'Steel reinforcement mesh A393',
    description: 'Welded fabric mesh for concrete slabs.',
    category: 'structural-steel',
    subcategories: ['reinforcement'],
    value: 45,
    region: 'north-west',
  },
  {
    title: 'Ready-mix concrete C32/40',
    description: 'Ready mixed concrete delivered by truck mixer.',
    category: 'concrete',
    value: 110,
    region: 'yorkshire-and-the-humber',
  },
  {
    title: 'Treated softwood fence panels',
    description: 'Overlap fence panels for garden boundaries.',
    category: 'timber',
    subcategories: ['fencing'],
    value: 30,
    region: 'south-west',
  },
];

beforeAll(async () => {
  t = await createTestApp();
  [buyer, supplier, coreSupplier] = await Promise.all([
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'supplier', plan: 'CORE' }),
  ]);
  for (const i of items) {
    const r = await t.request('POST', '/api/catalogue', { token: supplier.token, body: i });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  const tender = {
    title: 'Steel beams for a warehouse frame',
    description: 'Universal beams and columns for a portal frame.',
    category: 'structural-steel',
    budget: 250000,
    region: 'north-west',
    deadline: addDays(new Date(), 5).toISOString(),
  };
  expect((await t.request('POST', '/api/tender', { token: buyer.token, body: tender })).status).toBe(201);
  expect(
    (
      await t.request('POST', '/api/tender', {
        token: buyer.token,
        body: { ...tender, title: 'Private draft: steel for a secret site', status: 'draft' },
      })
    ).status,
  ).toBe(201);
});
afterAll(() => t.close());

const search = (qs: string, token = buyer.token) => t.request('GET', `/api/search?${qs}`, { token });

describe('DESIGN §5 search: GET /api/search', () => {
  it('ranks catalogue items by relevance, with facet counts', async () => {
    const res = await search('type=catalogue&q=steel%20beams');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0].title).toBe('S355 universal steel beams');
    expect(res.body.meta.total).toBe(res.body.data.length);
    expect(res.body.meta.facets.category).toContainEqual({
      value: 'structural-steel',
      label: 'Structural Steel',
      count: res.body.meta.total,
    });
    expect(res.body.meta.facets.region[0]).toMatchObject({ value: 'north-west', label: 'North West' });
    expect(res.body.meta.facets.value.length).toBeGreaterThan(0);
  });

  it('facet counts come from the same match set as the ranked page, exact words and near spellings alike', async () => {
    // "steel" is a full-text hit in three items; "steal" only a near spelling of their titles
    for (const q of ['steel', 'steal']) {
      const all = await search(`type=catalogue&q=${q}`);
      expect(all.status).toBe(200);
      const byCategory = Object.fromEntries(
        all.body.meta.facets.category.map((c: { value: string; count: number }) => [c.value, c.count]),
      );
      expect(all.body.meta.total, q).toBe(all.body.data.length);
      expect(all.body.meta.total, q).toBeGreaterThan(0);
      const narrowed = await search(`type=catalogue&q=${q}&category=structural-steel`);
      expect(narrowed.body.meta.total, q).toBe(byCategory['structural-steel']);
      expect(
        narrowed.body.data.every((h: { category: string }) => h.category === 'structural-steel'),
        q,
      ).toBe(true);
      // another order of the same matches, with the same counts
      const newest = await search(`type=catalogue&q=${q}&sort=newest`);
      expect(newest.body.meta.total, q).toBe(all.body.meta.total);
      expect(newest.body.data.map((h: { id: string }) => h.id).sort(), q).toEqual(
        all.body.data.map((h: { id: string }) => h.id).sort(),
      );
    }
  });

  it('tolerates typos in the title ("plasterbord")', async () => {
    const res = await search('type=catalogue&q=plasterbord');
    expect(res.status).toBe(200);
    expect(res.body.data[0]?.title).toBe('Gypsum plasterboard 12.5mm sheets');
  });

  it('filters by category, region and value bucket, and sorts by newest', async () => {
    const res = await search('type=catalogue&category=Structural%20Steel&value=1k-10k&sort=newest');
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: { title: string }) => h.title)).toEqual(['S355 universal steel beams']);
  });

  it('tenders: closing-soon facet and sort; a supplier never sees a draft', async () => {
    const res = await search('type=tenders&q=steel&sort=closing_soon', supplier.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: { title: string }) => h.title)).toEqual(['Steel beams for a warehouse frame']);
    expect(res.body.meta.facets.closing).toContainEqual({ value: '7d', label: 'Closing within 7 days', count: 1 });
    expect(JSON.stringify(res.body)).not.toContain('secret site');
  });

  it('the live feed is a Growth feature (docs/product.md §9): Core answers 402', async () => {
    expect((await search('type=external&q=roads', coreSupplier.token)).status).toBe(402);
    expect((await search('type=external&q=roads', supplier.token)).status).toBe(200);
  });

  it('hostile strings answer 200 or 400, never 500', async () => {
    const hostile = [
      `"unbalanced`,
      `'; drop table catalogue_items; --`,
      `steel & | ! ( ) : * <-> \\`,
      `%_%`,
      `" OR 1=1 --`,
      '\u0000null byte',
      '😀 emoji',
      'a'.repeat(200),
      'x'.repeat(10_000),
      `${'steel '.repeat(30)}`,
    ];
    for (const q of hostile) {
      for (const type of ['tenders', 'catalogue', 'external']) {
        const res = await search(`type=${type}&q=${encodeURIComponent(q)}`, supplier.token);
        expect(
          [200, 400],
          `${type} ${q.slice(0, 40)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        ).toContain(res.status);
      }
      const listing = await t.request('GET', `/api/catalogue?q=${encodeURIComponent(q)}`, { token: buyer.token });
      expect([200, 400]).toContain(listing.status);
    }
    expect((await search('type=catalogue&q=steel&status=nonsense')).status).toBe(400);
    expect((await search('type=bogus')).status).toBe(400);
  });

  it("a catalogue hit carries its first picture's URL (not a document's); tenders carry none", async () => {
    const doc = { name: 'datasheet.pdf', url: `/api/upload/local/${supplier.id}/catalogue-document/a-datasheet.pdf` };
    const photo = { name: 'mesh.jpg', url: `/api/upload/local/${supplier.id}/catalogue-image/b-mesh.jpg` };
    await t.db
      .update(catalogueItems)
      .set({ attachments: [doc, photo] })
      .where(eq(catalogueItems.title, 'Steel reinforcement mesh A393'));
    const res = await search('type=catalogue&q=reinforcement%20mesh');
    expect(res.status).toBe(200);
    const hit = res.body.data.find((h: { title: string }) => h.title === 'Steel reinforcement mesh A393');
    expect(hit.imageUrl).toBe(photo.url);
    const others = res.body.data.filter((h: { title: string }) => h.title !== 'Steel reinforcement mesh A393');
    expect(others.every((h: { imageUrl: unknown }) => h.imageUrl === null)).toBe(true);
    const tenders = await search('type=tenders&q=steel', buyer.token);
    expect(tenders.body.data.every((h: { imageUrl: unknown }) => h.imageUrl === null)).toBe(true);
  });
});

// A search's page as answered, its total and its facets are kept per filter (a word search's by the
// engine's ranking) under the source's list version and the clock (db/exact-counts.ts): these read a
// search, change what it answers, and expect the next search to say so at once.
describe('kept searches stay exact', () => {
  const titles = (res: { body: { data: Array<{ title: string }> } }) => res.body.data.map((h) => h.title);

  it('a listing added or edited shows in a browse and a word search at once, page and facets', async () => {
    const browse = 'type=catalogue&category=insulation&sort=newest';
    const before = await search(browse);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(await search(browse)).toMatchObject({ body: before.body });
    const made = await t.request('POST', '/api/catalogue', {
      token: supplier.token,
      body: {
        title: 'Mineral wool loft roll',
        description: 'Glass mineral wool insulation roll.',
        category: 'insulation',
        value: 22,
        region: 'london',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const added = await search(browse);
    expect(added.body.meta.total).toBe(before.body.meta.total + 1);
    expect(titles(added)[0]).toBe('Mineral wool loft roll');
    expect(added.body.meta.facets.category).toContainEqual(
      expect.objectContaining({ value: 'insulation', count: added.body.meta.total }),
    );
    const words = 'type=catalogue&q=mineral%20wool';
    expect(titles(await search(words))).toContain('Mineral wool loft roll');
    const id = made.body.data.id;
    const edited = await t.request('PUT', `/api/catalogue/${id}`, {
      token: supplier.token,
      body: { title: 'Mineral wool loft roll 200mm' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(titles(await search(browse))[0]).toBe('Mineral wool loft roll 200mm');
    expect(titles(await search(words))).toContain('Mineral wool loft roll 200mm');
  });

  it('counts a tender in a closing window once the clock brings its deadline within it, with no write', async () => {
    const deadline = new Date(Date.now() + 7 * 86_400_000 + 2_000);
    const made = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: {
        title: 'Cladding panels for a depot',
        description: 'Composite cladding panels.',
        category: 'structural-steel',
        budget: 40000,
        region: 'north-west',
        deadline: deadline.toISOString(),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const window = async (key: string) =>
      (
        (await search('type=tenders&q=cladding%20depot')).body.meta.facets.closing as Array<{
          value: string;
          count: number;
        }>
      ).find((w) => w.value === key)?.count ?? 0;
    // (other tenders the words relate to may be in the windows too)
    const [in7, in30] = [await window('7d'), await window('30d')];
    expect(in30).toBeGreaterThan(in7);
    await new Promise((resolve) => setTimeout(resolve, deadline.getTime() - 7 * 86_400_000 - Date.now() + 250));
    expect([await window('7d'), await window('30d')]).toEqual([in7 + 1, in30]);
  });

  it('a tender its buyer has closed is not closing, its deadline still ahead', async () => {
    const made = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: {
        title: 'Timber hoarding for a yard',
        description: 'Timber site hoarding.',
        category: 'structural-steel',
        budget: 12000,
        region: 'north-west',
        deadline: addDays(new Date(), 3).toISOString(),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body as { data: { id: string } }).data.id;
    const closing = async () => {
      const res = await search('type=tenders&q=timber%20hoarding&closing=7d');
      const windows = res.body.meta.facets.closing as Array<{ value: string; count: number }>;
      return { ids: res.body.data.map((h: { id: string }) => h.id), in7: windows.find((w) => w.value === '7d')?.count };
    };
    const before = await closing();
    expect(before.ids).toContain(id);
    const closed = await t.request('PUT', `/api/tender/${id}`, { token: buyer.token, body: { status: 'closed' } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const after = await closing();
    expect(after.ids).not.toContain(id);
    expect(after.in7 ?? 0).toBe((before.in7 ?? 0) - 1);
  });

  it('two buyers asking the same words each see only their own tenders', async () => {
    const other = await t.createUser({ role: 'buyer' });
    const tender = (title: string) => ({
      title,
      description: 'Scaffold hire for a school.',
      category: 'structural-steel',
      budget: 9000,
      region: 'london',
      deadline: addDays(new Date(), 20).toISOString(),
    });
    expect(
      (await t.request('POST', '/api/tender', { token: buyer.token, body: tender('Scaffold hire, first school') }))
        .status,
    ).toBe(201);
    expect(
      (await t.request('POST', '/api/tender', { token: other.token, body: tender('Scaffold hire, second school') }))
        .status,
    ).toBe(201);
    for (let i = 0; i < 2; i++) {
      const mine = titles(await search('type=tenders&q=scaffold%20hire'));
      const theirs = titles(await search('type=tenders&q=scaffold%20hire', other.token));
      expect(mine).toContain('Scaffold hire, first school');
      expect(mine).not.toContain('Scaffold hire, second school');
      expect(theirs).toEqual(['Scaffold hire, second school']);
    }
  });
});

describe('our listings read as CPV (docs/search.md, "Reasons")', () => {
  // Runs last: it adds items of categories whose codes share a CPV class with the query's reading.
  it('a catalogue item holding the words ranks above items related only by their category', async () => {
    // "steel beams" reads as 44112700 Beams (class 4411, construction materials); insulation and
    // roofing items carry codes of that class from their category, the steel beams item does not
    for (const title of ['Acoustic insulation rolls', 'Mineral wool insulation slabs', 'Roofing felt underlay']) {
      const body = {
        title,
        description: 'Stocked for trade collection.',
        category: title.startsWith('Roofing') ? 'roofing' : 'insulation',
        value: 20,
        region: 'london',
      };
      expect((await t.request('POST', '/api/catalogue', { token: supplier.token, body })).status).toBe(201);
    }
    const res = await search('type=catalogue&q=steel%20beams');
    expect(res.status).toBe(200);
    const hits = res.body.data as Array<{ title: string; match: { words: string[] } }>;
    expect(hits[0]!.title).toBe('S355 universal steel beams');
    const firstWithoutWords = hits.findIndex((h) => h.match.words.length === 0);
    const lastWithWords = hits.map((h) => h.match.words.length > 0).lastIndexOf(true);
    if (firstWithoutWords >= 0) expect(lastWithWords).toBeLessThan(firstWithoutWords);
  });
});
