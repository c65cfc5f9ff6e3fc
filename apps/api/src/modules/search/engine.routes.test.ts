import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { externalTenders, feedRankings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { freshStats } from './engine.ts';

/**
 * The search engine behind the live feed (docs/search.md), over HTTP: any-word recall, BM25 where
 * rare words count, near spellings, queries read as CPV codes, and the reason of each hit.
 */
let t: TestApp;
let supplier: TestUser;

const notice = (title: string, description: string, cpvCodes: string[]) => ({
  ocid: `ocds-test-${crypto.randomUUID()}`,
  releaseId: crypto.randomUUID(),
  origin: 'contracts-finder',
  title,
  description,
  date: new Date(),
  tenderStatus: 'active',
  contentHash: crypto.randomUUID(),
  cpvCodes,
});

// Enough notices that "works" is common and "kiln" is rare.
const NOTICES = [
  notice('Roof repairs to the town hall', 'Repairs to the pitched roof, slates and lead flashing of the town hall.', [
    '45261910',
  ]),
  notice(
    'Flat roof replacement at Oak primary school',
    'Strip and replace the felt roof covering; insulation upgrade.',
    ['45261210'],
  ),
  notice('Kiln room ventilation works', 'Ventilation works to the pottery kiln room of the arts centre.', ['45331210']),
  notice('Highway resurfacing works programme', 'Carriageway resurfacing works across the borough, footway works.', [
    '45233142',
  ]),
  notice('Electrical installation works at the depot', 'Rewire, distribution boards and lighting works.', ['45310000']),
  notice('Plumbing and sanitary works to changing rooms', 'New showers, WCs and pipework works.', ['45330000']),
  notice('Office cleaning services', 'Daily cleaning of council offices, washrooms and kitchens.', ['90919200']),
  notice('School transport: home to school taxi journeys', 'Taxi and minibus journeys for pupils with special needs.', [
    '60120000',
  ]),
  notice('Painting and decorating works', 'Internal redecoration works of the library.', ['45442100']),
  notice(
    'Weatherproofing of the sports hall',
    'Make good the roof coverings and gutters over the sports hall; works to stop water coming in.',
    ['45261900'],
  ),
];

beforeAll(async () => {
  t = await createTestApp();
  supplier = await t.createUser({ role: 'supplier' });
  await t.db.insert(externalTenders).values(NOTICES);
  await freshStats(t.db, 'external', true);
});
afterAll(() => t.close());

const feed = (qs: string) => t.request('GET', `/api/external-tenders/search?${qs}`, { token: supplier.token });
const titles = (body: { data: Array<{ title: string }> }) => body.data.map((x) => x.title);
/** A new supplier with one catalogue item, as they would list it. */
async function supplierSelling(item: Record<string, unknown>) {
  const seller = await t.createUser({ role: 'supplier' });
  const res = await t.request('POST', '/api/catalogue', { token: seller.token, body: item });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...seller, itemId: res.body.data.id as string };
}

/** A supplier's "Top for you" (the first three), and their kept ranking as stored. */
const topOf = (seller: TestUser) => t.request('GET', '/api/external-tenders/top?limit=3', { token: seller.token });
const keptRankingOf = async (seller: TestUser) =>
  (await t.db.select().from(feedRankings).where(eq(feedRankings.userId, seller.id)))[0]!;

describe('the search engine on the live feed (docs/search.md)', () => {
  it('a multi-word query whose words are not all in a notice still finds it', async () => {
    const res = await feed(`q=${encodeURIComponent('kiln room extraction fans')}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(titles(res.body)[0]).toBe('Kiln room ventilation works');
  });

  it('a rare word outranks a common one', async () => {
    // "works" is in most notices, "kiln" in one: the kiln notice wins although two others say "works" twice
    const res = await feed(`q=${encodeURIComponent('works kiln')}`);
    expect(titles(res.body)[0]).toBe('Kiln room ventilation works');
  });

  it('tolerates a misspelt word ("plumbng")', async () => {
    const res = await feed('q=plumbng');
    expect(titles(res.body)).toContain('Plumbing and sanitary works to changing rooms');
    expect(res.body.meta.reading.corrections).toContainEqual({ word: 'plumbng', to: expect.stringMatching(/^plumb/) });
  });

  it('a CPV label query ranks notices of that class first, even those that share few of its words', async () => {
    const res = await feed(`q=${encodeURIComponent('Roof works and other special trade construction works')}`);
    expect(res.status).toBe(200);
    const top3 = res.body.data.slice(0, 3).map((x: { cpvCodes: string[] }) => x.cpvCodes[0]!.slice(0, 4));
    expect(top3).toEqual(['4526', '4526', '4526']);
    expect(res.body.meta.reading.cpv[0]).toMatchObject({
      code: '45260000',
      label: 'Roof works and other special trade construction works',
    });
    // "Weatherproofing of the sports hall" says "roof coverings" once: found by its class
    expect(titles(res.body)).toContain('Weatherproofing of the sports hall');
  });

  it('every hit says why it is there: matched words marked in the title, and the CPV relation', async () => {
    const res = await feed('q=roof%20repairs');
    const top = res.body.data[0];
    expect(top.title).toBe('Roof repairs to the town hall');
    expect(top.match.words).toEqual(expect.arrayContaining(['roof', 'repairs']));
    expect(
      top.match.title.filter((p: { hit: boolean }) => p.hit).map((p: { text: string }) => p.text.toLowerCase()),
    ).toEqual(['roof', 'repairs']);
    expect(top.match.cpv).toMatchObject({ code: '45261910', level: expect.stringMatching(/code|class/) });
    expect(top.match.reason).toMatch(/^Matches roof, repairs · Same CPV (code|class) as /);
  });

  it('suggests the CPV categories a partly typed query means ("roof rep" → Roof repair · 45261910)', async () => {
    const res = await t.request('GET', '/api/external-tenders/suggest?q=roof%20rep', { token: supplier.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ code: '45261910', label: 'Roof repair', filter: '45261910', count: 1 });
    const core = await t.createUser({ role: 'supplier', plan: 'CORE' });
    expect((await t.request('GET', '/api/external-tenders/suggest?q=roof', { token: core.token })).status).toBe(402);
  });

  it('as one types, a half-typed last word finds its completions ("roof rep" → roof repairs)', async () => {
    const res = await feed('q=roof%20rep');
    expect(titles(res.body)[0]).toBe('Roof repairs to the town hall');
    expect(
      res.body.data[0].match.title.filter((p: { hit: boolean }) => p.hit).map((p: { text: string }) => p.text),
    ).toEqual(['Roof', 'repairs']);
  });

  it('"Top for you" ranks the feed for the supplier\'s catalogue: a roofer sees roofing notices first, with the reason', async () => {
    const roofer = await t.createUser({ role: 'supplier' });
    const before = await t.request('GET', '/api/external-tenders/top?limit=3', { token: roofer.token });
    expect(before.status).toBe(200);
    expect(before.body.data.every((x: { match?: unknown }) => !x.match)).toBe(true);
    const item = await t.request('POST', '/api/catalogue', {
      token: roofer.token,
      body: {
        title: 'Pitched roof repairs and re-slating',
        description: 'Slate and tile roof repairs, lead flashing, gutters.',
        category: 'roofing',
        value: 950,
        region: 'london',
      },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const top = await t.request('GET', '/api/external-tenders/top?limit=3', { token: roofer.token });
    expect(top.status).toBe(200);
    const classes = top.body.data.map((x: { cpvCodes: string[] }) => x.cpvCodes[0]!.slice(0, 4));
    expect(classes.slice(0, 2)).toEqual(['4526', '4526']);
    expect(top.body.data[0].match.reason).toMatch(/^Matches your “Pitched roof repairs and re-slating” \(score \d+\)/);
  });

  it('"Top for you" does not call a notice a good match because nothing better was found: one shared common word is a weak match', async () => {
    const [lime] = await t.db
      .insert(externalTenders)
      .values(
        notice('Chemical products', 'Supply of approximately 2 800 tonnes of hydrated lime per year to four sites.', [
          '24313122',
        ]),
      )
      .returning({ id: externalTenders.id });
    try {
      const quarry = await supplierSelling({
        title: 'Type 1 sub-base (per tonne, bulk bag or tipper)',
        description: 'Crushed limestone sub-base to the Highways specification, per tonne, delivered by tipper.',
        category: 'aggregates',
        value: 28.5,
        leadTimeDays: 1,
        availability: 'available',
      });
      const top = await t.request('GET', '/api/external-tenders/top?limit=10', { token: quarry.token });
      const hit = top.body.data.find((x: { id: string }) => x.id === lime!.id);
      expect(hit?.match?.reason).toBeDefined();
      const score = Number(/\(score (\d+)\)/.exec(hit.match.reason)![1]);
      // the best wording it has is "tonnes": without a yardstick it read 50 and more, a "Good match"
      expect(score).toBeLessThan(40);
    } finally {
      await t.db.delete(externalTenders).where(eq(externalTenders.id, lime!.id));
    }
  });

  it('"Top for you" is ranked once per change: a repeat visit reads the kept ranking, a notice that closes is read as closed, a new catalogue item ranks again', async () => {
    const roofer = await t.createUser({ role: 'supplier' });
    const addItem = (title: string) =>
      t.request('POST', '/api/catalogue', {
        token: roofer.token,
        body: {
          title,
          description: 'Slate and tile roof repairs, lead flashing, gutters.',
          category: 'roofing',
          value: 800,
        },
      });
    expect((await addItem('Roof repairs and re-slating')).status).toBe(201);
    const top = () => t.request('GET', '/api/external-tenders/top?limit=3', { token: roofer.token });
    const kept = async () => (await t.db.select().from(feedRankings).where(eq(feedRankings.userId, roofer.id)))[0];
    const first = await top();
    expect(first.status).toBe(200);
    const ranked = await kept();
    expect(ranked?.pairs.length).toBeGreaterThan(0);

    const again = await top();
    expect(again.body.data.map((x: { id: string }) => x.id)).toEqual(first.body.data.map((x: { id: string }) => x.id));
    expect((await kept())?.computedAt).toEqual(ranked!.computedAt);

    // a deadline passing writes nothing: which notices are open is read on every visit
    const leader = first.body.data[0].id as string;
    await t.db
      .update(externalTenders)
      .set({ tenderEndDate: new Date(Date.now() - 86_400_000) })
      .where(eq(externalTenders.id, leader));
    const afterClosing = await top();
    expect((await kept())?.computedAt).toEqual(ranked!.computedAt);
    const closed = afterClosing.body.data.find((x: { id: string }) => x.id === leader);
    expect(closed?.isOpen ?? false).toBe(false);
    // it ranks open notices: the closed leader (score 55) now comes after the open ones (19 and 11)
    expect(afterClosing.body.data.map((x: { isOpen: boolean }) => x.isOpen)).toEqual([true, true, false]);
    // the kept ranking with today's open notices answers what ranking afresh answers
    await t.db.delete(feedRankings).where(eq(feedRankings.userId, roofer.id));
    const fresh = await top();
    expect(afterClosing.body.data.map((x: { id: string }) => x.id)).toEqual(
      fresh.body.data.map((x: { id: string }) => x.id),
    );
    await t.db.update(externalTenders).set({ tenderEndDate: null }).where(eq(externalTenders.id, leader));

    expect((await addItem('Lead flashing and gutter repairs')).status).toBe(201);
    await top();
    const reranked = await kept();
    expect(reranked!.version).not.toBe(ranked!.version);
    expect(reranked!.computedAt.getTime()).toBeGreaterThan(ranked!.computedAt.getTime());
  });

  it('"Top for you" reads a kept notice as closed once its deadline passes, with no write and no ranking again', async () => {
    const [closing] = await t.db
      .insert(externalTenders)
      .values({
        ...notice('Thatched roof repairs to the barn', 'Thatched roof repairs, ridge and netting.', ['45261910']),
        tenderEndDate: new Date(Date.now() + 3_000),
      })
      .returning({ id: externalTenders.id, ends: externalTenders.tenderEndDate });
    const thatcher = await supplierSelling({
      title: 'Thatched roof repairs',
      description: 'Thatched roof repairs, ridge and netting.',
      category: 'roofing',
      value: 900,
    });
    const top = () => topOf(thatcher);
    const kept = () => keptRankingOf(thatcher);
    const first = await top();
    expect(first.body.data[0]).toMatchObject({ id: closing!.id, isOpen: true });
    const ranked = await kept();
    // a second visit answers the page kept from here on (as answered, while it stands)
    expect((await top()).body.data[0]).toMatchObject({ id: closing!.id, isOpen: true });
    await new Promise((resolve) => setTimeout(resolve, closing!.ends!.getTime() - Date.now() + 250));
    const after = await top();
    expect(after.status).toBe(200);
    // open notices first: the closed one is no longer the leader, and nothing was ranked again
    expect(after.body.data[0].id).not.toBe(closing!.id);
    expect(after.body.data.find((x: { id: string }) => x.id === closing!.id)?.isOpen ?? false).toBe(false);
    expect((await kept()).computedAt).toEqual(ranked.computedAt);
    await t.db.delete(externalTenders).where(eq(externalTenders.id, closing!.id));
  });

  it('"Top for you" after a feed import shows the kept ranking at once and ranks again behind it; a change of the supplier\'s own catalogue waits for its ranking', async () => {
    const roofer = await supplierSelling({
      title: 'Slate roof repairs',
      description: 'Slate roof repairs and lead flashing.',
      category: 'roofing',
      value: 700,
    });
    const top = () => topOf(roofer);
    const kept = () => keptRankingOf(roofer);
    const first = await top();
    const ranked = await kept();
    // a feed import brings a notice that fits the item better than any kept one
    const [fresh] = await t.db
      .insert(externalTenders)
      .values(notice('Slate roof repairs to the library', 'Slate roof repairs and lead flashing.', ['45261910']))
      .returning({ id: externalTenders.id });
    const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((x) => x.id);
    const during = await top();
    expect(during.status).toBe(200);
    expect(ids(during)).toEqual(ids(first));
    expect(ids(during)).not.toContain(fresh!.id);
    // ranked again behind that answer, under the new version (the supplier's own part unchanged)
    let after = await kept();
    for (let i = 0; i < 100 && after.version === ranked.version; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await kept();
    }
    expect(after.version).not.toBe(ranked.version);
    expect(after.version.split('#')[0]).toBe(ranked.version.split('#')[0]);
    expect(ids(await top())).toContain(fresh!.id);
    await t.db.delete(externalTenders).where(eq(externalTenders.id, fresh!.id));
    // the supplier's own change is ranked before the answer
    const edit = await t.request('PUT', `/api/catalogue/${roofer.itemId}`, {
      token: roofer.token,
      body: { title: 'Slate and tile roof repairs' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const mine = await top();
    expect(mine.body.data[0].match.reason).toMatch(/^Matches your “Slate and tile roof repairs”/);
  });

  it('"Top for you" kept as answered: a notice written or deleted since shows at once, and each visit reads the caller\'s own favourites', async () => {
    const shown = await t.db
      .insert(externalTenders)
      .values([
        notice('Zinc standing seam roofing to the pavilion', 'Zinc standing seam roof and cladding.', ['45261000']),
        notice('Zinc standing seam roof over the library', 'Zinc standing seam roofing.', ['45261000']),
      ])
      .returning({ id: externalTenders.id });
    const ids = shown.map((x) => x.id);
    try {
      const zinc = await supplierSelling({
        title: 'Zinc standing seam roofing',
        description: 'Zinc standing seam roofs and cladding, supplied and fitted.',
        category: 'roofing',
        value: 1200,
      });
      const top = async () =>
        (await topOf(zinc)).body.data as Array<{ id: string; title: string; isFavourited: boolean }>;
      const first = await top();
      expect(
        first
          .slice(0, 2)
          .map((x) => x.id)
          .sort(),
      ).toEqual([...ids].sort());
      expect(await top()).toEqual(first);

      // written by another code path (as the feed import, or another instance): the next visit shows it
      await t.db
        .update(externalTenders)
        .set({ title: 'Zinc standing seam roofing to the cricket pavilion', updatedAt: new Date() })
        .where(eq(externalTenders.id, ids[0]!));
      expect((await top()).find((x) => x.id === ids[0])?.title).toBe(
        'Zinc standing seam roofing to the cricket pavilion',
      );

      // the caller's favourites are theirs, on a page kept for them
      const path = `/api/external-tenders/favourites/${ids[1]}`;
      expect((await t.request('POST', path, { token: zinc.token })).status).toBeLessThan(300);
      expect((await top()).find((x) => x.id === ids[1])?.isFavourited).toBe(true);
      expect((await t.request('DELETE', path, { token: zinc.token })).status).toBeLessThan(300);
      expect((await top()).find((x) => x.id === ids[1])?.isFavourited).toBe(false);

      await t.db.delete(externalTenders).where(eq(externalTenders.id, ids[1]!));
      expect((await top()).map((x) => x.id)).not.toContain(ids[1]);
    } finally {
      await t.db.delete(externalTenders).where(eq(externalTenders.id, ids[0]!));
      await t.db.delete(externalTenders).where(eq(externalTenders.id, ids[1]!));
    }
  });

  it('answers nothing only when nothing relates', async () => {
    const res = await feed('q=zzyzx%20qwertyuiop');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('hostile strings answer 200 or 400, never 500', async () => {
    for (const q of [
      `"unbalanced`,
      `'; drop table external_tenders; --`,
      `roof & | ! ( ) : * <-> \\`,
      '%_%',
      '\u0001\u0002',
      '😀',
      'x'.repeat(199),
      'roof '.repeat(39),
    ]) {
      const res = await feed(`q=${encodeURIComponent(q)}`);
      expect([200, 400], `${q.slice(0, 30)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(
        res.status,
      );
      const s = await t.request('GET', `/api/external-tenders/suggest?q=${encodeURIComponent(q)}`, {
        token: supplier.token,
      });
      expect([200, 400]).toContain(s.status);
    }
  });
});

describe('the live feed in memory follows the table on every instance (docs/search.md)', () => {
  it('a notice inserted, written or deleted through one instance is found, or not, by another at once', async () => {
    const second = await createTestApp({}, { databaseUrl: t.databaseUrl });
    try {
      const user = await second.createUser({ role: 'supplier' });
      const search = async (q: string) =>
        titles(
          (
            await second.request('GET', `/api/external-tenders/search?q=${encodeURIComponent(q)}`, {
              token: user.token,
            })
          ).body,
        );
      // the second instance's index is built by its first search
      expect(await search('kiln')).toContain('Kiln room ventilation works');
      const [row] = await t.db
        .insert(externalTenders)
        .values(notice('Zeppelin hangar cladding', 'Recladding of the zeppelin hangar.', ['79952000']))
        .returning({ id: externalTenders.id });
      expect(await search('zeppelin hangar')).toContain('Zeppelin hangar cladding');
      await t.db
        .update(externalTenders)
        .set({ title: 'Airship shed cladding', description: 'Recladding of the airship shed.', updatedAt: new Date() })
        .where(eq(externalTenders.id, row!.id));
      expect(await search('zeppelin hangar')).not.toContain('Airship shed cladding');
      expect(await search('airship shed')).toContain('Airship shed cladding');
      await t.db.delete(externalTenders).where(eq(externalTenders.id, row!.id));
      expect(await search('airship shed')).not.toContain('Airship shed cladding');
    } finally {
      await second.close();
    }
  });

  it('/api/search calls a cancelled notice closed, its deadline still ahead, as the live feed does', async () => {
    const [row] = await t.db
      .insert(externalTenders)
      .values({
        ...notice('Quarry weighbridge renewal', 'Renewal of the quarry weighbridge and its pit.', ['45223000']),
        tenderStatus: 'cancelled',
        tenderEndDate: new Date(Date.now() + 10 * 86_400_000),
      })
      .returning({ id: externalTenders.id });
    try {
      const found = async (qs: string) =>
        (await t.request('GET', `/api/search?type=external&q=weighbridge${qs}`, { token: supplier.token })).body as {
          data: Array<{ id: string; status: string | null }>;
          meta: { facets: Record<'status' | 'closing', Array<{ value: string; count: number }>> };
        };
      const all = await found('');
      expect(all.data.find((h) => h.id === row!.id)?.status).toBe('closed');
      expect(all.meta.facets.status).toEqual([expect.objectContaining({ value: 'closed', count: 1 })]);
      expect((await found('&status=open')).data.map((h) => h.id)).not.toContain(row!.id);
      expect((await found('&status=closed')).data.map((h) => h.id)).toContain(row!.id);
      // nor is it closing: no closing window counts it, and the window's filter leaves it out
      expect(all.meta.facets.closing.filter((w) => w.count > 0)).toEqual([]);
      expect((await found('&closing=30d')).data.map((h) => h.id)).not.toContain(row!.id);
    } finally {
      await t.db.delete(externalTenders).where(eq(externalTenders.id, row!.id));
    }
  });
});
