import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { importFiles } from './feed-importer.ts';
import { SNAPSHOT_FILE } from './feed-jobs.ts';

// The live feed's meta.total and facets are counted in one statement and kept per filter (a word
// search's filter is the engine's results) under the feed's version (db/exact-counts.ts), and
// only until the earliest deadline ahead among the notices they read: a status is read from the
// clock. These tests read a search (so its counts are kept), change the feed in every way a count
// can move, or let a deadline pass, and expect the next search to say so.

let t: TestApp;
let supplier: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await importFiles(t.db, [SNAPSHOT_FILE]);
  supplier = await t.createUser({ role: 'supplier', plan: 'GROWTH' });
});
afterAll(() => t.close());

interface Meta {
  total: number;
  facets: {
    status: Array<{ value: string; count: number }>;
    cpvDivisions: Array<{ value: string; count: number }>;
    locations: Array<{ value: string; count: number }>;
  };
}

async function metaOf(qs: string, app: TestApp = t): Promise<Meta> {
  const res = await app.request('GET', `/api/external-tenders/search?${qs}`, { token: supplier.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { total, facets } = res.body.meta as Meta;
  return { total, facets };
}

const countOf = (facet: Array<{ value: string; count: number }>, value: string) =>
  facet.find((f) => f.value === value)?.count ?? 0;

let made = 0;
/** A notice written straight to the table (the version triggers see it unless `hidden`). */
async function insertNotice(over: { title?: string; endsInMs?: number; location?: string; hidden?: boolean } = {}) {
  made++;
  const ends = over.endsInMs === undefined ? null : new Date(Date.now() + over.endsInMs).toISOString();
  const insert = sql`insert into external_tenders (ocid, release_id, origin, title, description, location, tender_status, tender_end_date, date, content_hash, cpv_codes)
    values (${`counts-${made}`}, ${`counts-${made}`}, 'contracts-finder', ${over.title ?? 'Counted notice'}, 'Kept counts test', ${over.location ?? 'Kettering'},
            'active', ${ends}, now(), ${`counts-${made}`}, array['45261910'])
    returning id`;
  if (!over.hidden) return ((await t.db.execute<{ id: string }>(insert)).rows[0] as { id: string }).id;
  // session_replication_role = replica switches the triggers off for this transaction only.
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    return ((await tx.execute<{ id: string }>(insert)).rows[0] as { id: string }).id;
  });
}

describe('live-feed totals and facets stay exact while kept between searches', () => {
  it('counts every facet without its own filter, as three separate counts would', async () => {
    const filtered = await metaOf('status=closed&cpv=45&location=london');
    const [byStatus, byCpv, byPlace, all] = await Promise.all([
      metaOf('cpv=45&location=london'),
      metaOf('status=closed&location=london'),
      metaOf('status=closed&cpv=45'),
      metaOf(''),
    ]);
    expect(filtered.total).toBeGreaterThan(0);
    expect(countOf(filtered.facets.status, 'closed')).toBe(filtered.total);
    expect(filtered.facets.status.reduce((s, f) => s + f.count, 0)).toBe(byStatus.total);
    expect(countOf(filtered.facets.cpvDivisions, '45')).toBe(filtered.total);
    expect(countOf(filtered.facets.cpvDivisions, '45')).toBeLessThanOrEqual(byCpv.total);
    expect(countOf(filtered.facets.locations, 'London')).toBeLessThanOrEqual(byPlace.total);
    // most first, then by value
    const counts = all.facets.locations.map((l) => l.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it('serves a repeat search its kept counts: a write hidden from the version triggers is not counted', async () => {
    const before = await metaOf('location=kettering');
    await insertNotice({ hidden: true });
    expect((await metaOf('location=kettering')).total).toBe(before.total);
    await insertNotice();
    const after = await metaOf('location=kettering');
    expect(after.total).toBe(before.total + 2);
    expect(countOf(after.facets.locations, 'Kettering')).toBe(countOf(before.facets.locations, 'Kettering') + 2);
  });

  it('counts a notice added after a word search was kept, and no longer counts it once deleted', async () => {
    const q = 'q=kiln%20chimney%20flue';
    const before = await metaOf(q);
    expect(await metaOf(q)).toEqual(before);
    const id = await insertNotice({ title: 'Kiln chimney flue relining' });
    const added = await metaOf(q);
    expect(added.total).toBe(before.total + 1);
    expect(countOf(added.facets.cpvDivisions, '45')).toBe(countOf(before.facets.cpvDivisions, '45') + 1);
    await t.db.execute(sql`delete from external_tenders where id = ${id}`);
    expect(await metaOf(q)).toEqual(before);
  });

  it('moves a notice from open to closed in the status facet when its deadline passes, with no write at all', async () => {
    await insertNotice({ title: 'Closes in two seconds', endsInMs: 2_000, location: 'Wellingborough' });
    const ends = Date.now() + 2_000;
    const before = await metaOf('location=wellingborough');
    expect(countOf(before.facets.status, 'open')).toBe(1);
    expect(await metaOf('location=wellingborough')).toEqual(before);
    expect((await metaOf('location=wellingborough&status=open')).total).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, ends - Date.now() + 250));
    const after = await metaOf('location=wellingborough');
    expect(countOf(after.facets.status, 'open')).toBe(0);
    expect(countOf(after.facets.status, 'closed')).toBe(countOf(before.facets.status, 'closed') + 1);
    expect((await metaOf('location=wellingborough&status=open')).total).toBe(0);
  });

  it('a write through one API instance shows in the counts another instance has kept', async () => {
    const second = await createTestApp(
      { jwtSecret: t.config.jwtSecret, jobs: { ...t.config.jobs, workers: false } },
      { databaseUrl: t.databaseUrl },
    );
    try {
      const before = await metaOf('location=corby', second);
      await insertNotice({ location: 'Corby' });
      expect((await metaOf('location=corby', second)).total).toBe(before.total + 1);
    } finally {
      await second.close();
    }
  });
});

// The page itself is kept with its counts, as answered (highlights included), for everyone who asks
// the same: only which notices the caller has favourited is theirs.
describe('live-feed pages kept as answered', () => {
  interface Row {
    id: string;
    title: string;
    status: string;
    isFavourited: boolean;
    match?: { title: Array<{ text: string; hit: boolean }> };
  }
  async function pageOf(qs: string, user: TestUser = supplier): Promise<Row[]> {
    const res = await t.request('GET', `/api/external-tenders/search?${qs}`, { token: user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Row[];
  }

  it('shows each supplier their own favourites on a page another supplier’s search kept', async () => {
    const other = await t.createUser({ role: 'supplier', plan: 'GROWTH' });
    const id = await insertNotice({ title: 'Lime mortar repointing of a chapel', location: 'Oundle' });
    for (const qs of ['q=lime%20mortar%20repointing', 'location=oundle']) {
      expect((await pageOf(qs, other)).find((r) => r.id === id)?.isFavourited).toBe(false);
      const fav = await t.request('POST', `/api/external-tenders/favourites/${id}`, { token: supplier.token });
      expect(fav.status, JSON.stringify(fav.body)).toBeLessThan(300);
      expect((await pageOf(qs)).find((r) => r.id === id)?.isFavourited).toBe(true);
      expect((await pageOf(qs, other)).find((r) => r.id === id)?.isFavourited).toBe(false);
      await t.request('DELETE', `/api/external-tenders/favourites/${id}`, { token: supplier.token });
      expect((await pageOf(qs)).find((r) => r.id === id)?.isFavourited).toBe(false);
    }
  });

  it('reads a kept word search’s page again when a notice on it changes, highlights and all', async () => {
    const id = await insertNotice({ title: 'Granite kerb replacement', location: 'Rushden' });
    const q = 'q=granite%20kerb';
    const before = await pageOf(q);
    expect(before.find((r) => r.id === id)?.title).toBe('Granite kerb replacement');
    expect(await pageOf(q)).toEqual(before);
    await t.db.execute(
      sql`update external_tenders set title = 'Granite kerb and channel replacement', updated_at = now() where id = ${id}`,
    );
    const after = (await pageOf(q)).find((r) => r.id === id);
    expect(after?.title).toBe('Granite kerb and channel replacement');
    expect(after?.match?.title.filter((p) => p.hit).map((p) => p.text.toLowerCase())).toEqual(['granite', 'kerb']);
  });

  it('shows a notice on a kept word search’s page as closed once its deadline passes, with no write at all', async () => {
    const id = await insertNotice({ title: 'Slate roof closing shortly', endsInMs: 2_000, location: 'Thrapston' });
    const ends = Date.now() + 2_000;
    const q = 'q=slate%20roof%20closing%20shortly';
    expect((await pageOf(q)).find((r) => r.id === id)?.status).toBe('open');
    expect((await pageOf(q)).find((r) => r.id === id)?.status).toBe('open');
    await new Promise((resolve) => setTimeout(resolve, ends - Date.now() + 250));
    expect((await pageOf(q)).find((r) => r.id === id)?.status).toBe('closed');
  });
});
