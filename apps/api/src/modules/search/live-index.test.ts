import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cloneTemplateDatabase } from '../../../test/harness.ts';
import { connect, type Database } from '../../db/client.ts';
import { indexNotices, loadNotices } from '../matching/eval/eval.ts';
import { freshStats, idf, rank } from './engine.ts';
import * as repo from './engine.repository.ts';
import { LabelIndex, buildLiveIndex, liveIndex, tsRankOf } from './live-index.ts';
import { completionsOf, nearSpelling, queryWords, termTable } from './term-tables.ts';

/**
 * The live feed's in-memory index (live-index.ts) against PostgreSQL, on the 860 real notices of
 * the eval: its term frequencies are ts_rank's, its BM25 is search_bm25's, and the engine ranks
 * the same with it as by the SQL path (a transaction, where the index is not used).
 */
let database: Database;

beforeAll(async () => {
  database = connect((await cloneTemplateDatabase()).url, 4);
  await indexNotices(database.db, loadNotices(), { withCodes: true });
  await freshStats(database.db, 'external', true);
}, 120_000);
afterAll(() => database?.close());

type RankedHit = Awaited<ReturnType<typeof rank>>['hits'][number];

/**
 * Hits in rank order, near-ties settled the same way: the two paths sum a hit's BM25 in different
 * orders, and scores are rounded to nine decimals, so two hits a rounding step apart can come out
 * tied on one path and a step apart on the other. Neighbours within 2e-9 are put newest first,
 * then by id, as the engine breaks a tie.
 */
function settled(hits: readonly RankedHit[]): RankedHit[] {
  const out = [...hits];
  const before = (a: RankedHit, b: RankedHit) => b.created - a.created || (a.id < b.id ? -1 : 1);
  for (let i = 1; i < out.length; i++) {
    for (
      let j = i;
      j > 0 && Math.abs(out[j - 1]!.score - out[j]!.score) <= 2e-9 && before(out[j]!, out[j - 1]!) < 0;
      j--
    ) {
      [out[j - 1], out[j]] = [out[j]!, out[j - 1]!];
    }
  }
  return out;
}

const QUERIES = [
  'roof repairs',
  'school transport taxi',
  'Provision of grounds maintenance services to the council parks and open spaces',
  'electrical installation works',
  'asbestos removal and disposal at the depot',
  'framework agreement for the supply of furniture',
];

async function queryTerms(text: string) {
  const { words, stats } = await repo.readQueryWords(database.db, 'external', text, 80);
  const known = words.filter((w) => w.df !== null);
  const terms = [...new Set(known.map((w) => w.lexeme))];
  const idfs = terms.map((t) => idf(stats!.docs, known.find((w) => w.lexeme === t)!.df!));
  return { terms, idfs, avgLen: stats!.avg_len };
}

describe('the live feed in memory (docs/search.md)', () => {
  it("computes each lexeme's term frequency exactly as ts_rank does", async () => {
    const { rows } = await database.db.execute<{ weights: string; rank: number } & Record<string, unknown>>(sql`
      select array_to_string(u.weights, '') as weights,
        ts_rank('{0.328,0.328,0.328,1}', e.search, quote_literal(u.lexeme)::tsquery, 0)::float8 as rank
      from (select search from external_tenders order by id limit 60) e, unnest(e.search) u`);
    expect(rows.length).toBeGreaterThan(1_000);
    for (const r of rows) expect(tsRankOf(r.weights)).toBe(r.rank);
  });

  it('scores every candidate as search_bm25 does (within 1e-9)', async () => {
    const { db } = database;
    const { index } = { index: (await buildLiveIndex(db)) && (await liveIndex(db, 'test')) };
    expect(index).not.toBeNull();
    for (const text of QUERIES) {
      const q = await queryTerms(text);
      const { hits } = index!.topByText({ ...q, finding: q.terms }, 100_000);
      expect(hits.docs.length).toBeGreaterThan(0);
      const ids = Array.from(hits.docs, (d) => index!.idAt(d));
      const { rows } = await db.execute<{ id: string; bm25: number } & Record<string, unknown>>(sql`
        select id, search_bm25(search,
          array(select quote_literal(t)::tsquery from unnest(${repo.pgTextArray(q.terms)}::text[]) t),
          ${repo.pgFloatArray(q.idfs)}::float8[], ${q.avgLen})::float8 as bm25
        from external_tenders where id = any(${repo.pgTextArray(ids)}::uuid[])`);
      const sqlScore = new Map(rows.map((r) => [r.id, r.bm25]));
      expect(rows.length).toBe(ids.length);
      hits.docs.forEach((d, i) => expect(Math.abs(hits.bm25[i]! - sqlScore.get(index!.idAt(d))!)).toBeLessThan(1e-9));
      // and it finds exactly the notices holding a word
      const { rows: holding } = await db.execute<{ n: number } & Record<string, unknown>>(sql`
        select count(*)::int as n from external_tenders
        where search @@ (select string_agg(quote_literal(t), ' | ') from unnest(${repo.pgTextArray(q.terms)}::text[]) t)::tsquery`);
      expect(hits.docs.length).toBe(holding[0]!.n);
    }
  });

  it('ranks the CPV labels as repo.rankCpvLabels does in SQL', async () => {
    const { db } = database;
    const labels = await LabelIndex.read(db);
    const { rows } = await db.execute<{ docs: number; avg_len: number } & Record<string, unknown>>(
      sql`select docs::float8 as docs, avg_len from search_sources where source = 'cpv'`,
    );
    const { docs, avg_len: avgLen } = rows[0]!;
    for (const text of [...QUERIES, 'roof', 'Roof works and other special trade construction works', 'taxi services']) {
      const { words } = await repo.readQueryWords(db, 'external', text, 80);
      const known = [...new Map(words.filter((w) => w.cpv_df !== null).map((w) => [w.lexeme, w.cpv_df!]))];
      const terms = known.map(([l]) => l);
      const idfs = known.map(([, df]) => idf(docs, df));
      const bySql = await repo.rankCpvLabels(db, terms, idfs, avgLen, 40);
      const inMemory = labels.rank(terms, idfs, avgLen, 40);
      expect(bySql.length).toBeGreaterThan(0);
      expect(inMemory.map((r) => r.code)).toEqual(bySql.map((r) => r.code));
      inMemory.forEach((r, i) => {
        expect(Math.abs(r.score - bySql[i]!.score)).toBeLessThan(1e-9);
        expect(r.terms).toEqual(bySql[i]!.terms);
      });
    }
  });

  it('ranks as the SQL path does when every candidate fits the pool, with and without a filter', async () => {
    const { db } = database;
    const where = sql`external_tenders.amount_minor is not null`;
    for (const text of ['roof repairs', 'school transport taxi', 'kiln', 'asbestos removal']) {
      for (const filter of [undefined, where]) {
        const memory = settled((await rank(db, { source: 'external', text, limit: 500, where: filter })).hits);
        const bySql = settled(
          (await db.transaction((tx) => rank(tx, { source: 'external', text, limit: 500, where: filter }))).hits,
        );
        expect(memory.map((h) => h.id)).toEqual(bySql.map((h) => h.id));
        memory.forEach((h, i) => {
          expect(h.bm25).toBeCloseTo(bySql[i]!.bm25, 9);
          expect(h.words).toEqual(bySql[i]!.words);
          expect(h.cpv).toEqual(bySql[i]!.cpv);
        });
      }
    }
  });
});

describe('our listings in memory (docs/search.md)', () => {
  it('ranks catalogue items and tenders as the SQL path does, with and without a filter, and follows a write at once', async () => {
    const { db } = database;
    // listings written from the real notices: a title, a description and one of our categories
    // each, a minute apart (the newest of a category are candidates; SQL leaves ties unordered)
    await db.execute(sql`
      with u as (
        insert into users (email, password_hash, role, first_name, last_name, company_name, approved, email_verified_at)
        values ('listings@test.example', 'x', 'supplier', 'List', 'Ings', 'Listings Ltd', true, now()) returning id),
      b as (
        insert into users (email, password_hash, role, first_name, last_name, company_name, approved, email_verified_at)
        values ('listings-buyer@test.example', 'x', 'buyer', 'Buy', 'Er', 'Buyer Ltd', true, now()) returning id),
      n as (select title, left(coalesce(description, ''), 600) as description, row_number() over (order by id) as k
        from external_tenders order by id limit 400),
      items as (
        insert into catalogue_items (user_id, title, description, category, value_pence, created_at)
        select u.id, n.title, n.description,
          (array['structural-steel','concrete','timber','roofing','groundworks','finishes'])[1 + n.k % 6], 1000 + n.k,
          now() - make_interval(mins => n.k::int)
        from n, u returning id)
      insert into tenders (user_id, title, description, category, status, deadline, created_at)
      select b.id, n.title, n.description, (array['roofing','groundworks','finishes'])[1 + n.k % 3],
        case when n.k % 4 = 0 then 'draft' else 'active' end, now() + interval '30 days', now() - make_interval(mins => n.k::int)
      from n, b where n.k <= 200`);
    await freshStats(db, 'catalogue', true);
    await freshStats(db, 'tenders', true);
    const filters = {
      catalogue: sql`catalogue_items.value_pence > 1200`,
      tenders: sql`tenders.status = 'active'`,
    } as const;
    for (const source of ['catalogue', 'tenders'] as const) {
      for (const text of ['roof repairs', 'school transport taxi', 'grounds maintenance parks', 'asbestos removal']) {
        for (const where of [undefined, filters[source]]) {
          const memory = settled((await rank(db, { source, text, limit: 500, where })).hits);
          const bySql = settled((await db.transaction((tx) => rank(tx, { source, text, limit: 500, where }))).hits);
          expect(bySql.length, `${source} ${text}`).toBeGreaterThan(0);
          expect(memory.map((h) => h.id)).toEqual(bySql.map((h) => h.id));
          memory.forEach((h, i) => {
            expect(h.bm25).toBeCloseTo(bySql[i]!.bm25, 9);
            expect(h.words).toEqual(bySql[i]!.words);
            expect(h.cpv).toEqual(bySql[i]!.cpv);
          });
        }
      }
    }
    expect(await liveIndex(db, await repo.sourceVersion(db, repo.SOURCE_SQL.catalogue), 'catalogue')).not.toBeNull();
    // a new item is found by the next search, an edited one by its new words only
    await db.execute(sql`insert into catalogue_items (user_id, title, description, category, value_pence)
      select id, 'Quarried gritstone setts', 'Hand-dressed gritstone setts for paving.', 'groundworks', 5000 from users where email = 'listings@test.example'`);
    const newest = await db.execute<{ id: string } & Record<string, unknown>>(
      sql`select id from catalogue_items where title = 'Quarried gritstone setts'`,
    );
    const id = newest.rows[0]!.id;
    const found = await rank(db, { source: 'catalogue', text: 'gritstone setts', limit: 10 });
    expect(found.hits[0]!.id).toBe(id);
    expect(found.hits[0]!.words).toEqual(['gritstone', 'setts']);
    await db.execute(sql`update catalogue_items set title = 'Quarried limestone setts', description = 'Limestone setts.', updated_at = now()
      where id = ${id}`);
    const old = await rank(db, { source: 'catalogue', text: 'gritstone', limit: 10 });
    expect(old.hits.filter((h) => h.words.length).map((h) => h.id)).not.toContain(id);
    const renamed = await rank(db, { source: 'catalogue', text: 'limestone setts', limit: 10 });
    expect(renamed.hits[0]!.id).toBe(id);
  });
});

describe('a filter that leaves too few of the in-memory candidates (docs/search.md)', () => {
  it('is answered by the SQL path, with the same hits as the SQL path gives', async () => {
    const { db } = database;
    // 2,100 notices say "quokka"; the five in Kirkwall say it in the longest text, so BM25 ranks them last
    await db.execute(sql`
      insert into external_tenders (ocid, release_id, origin, title, description, location, tender_status, date, content_hash, cpv_codes)
      select 'quokka-' || g, 'quokka-' || g, 'eval', 'Quokka enclosure ' || g,
        case when g <= 5 then 'Quokka ' || repeat('fencing gates paths planting shelters signage ', 40) else 'Quokka enclosure upkeep.' end,
        case when g <= 5 then 'Kirkwall' else 'Perth' end, 'active', now() - make_interval(mins => g), md5('quokka' || g), '{77310000}'
      from generate_series(1, 2100) g`);
    await freshStats(db, 'external', true);
    const where = sql`external_tenders.location = 'Kirkwall'`;
    const memory = await rank(db, { source: 'external', text: 'quokka', limit: 500, where });
    const bySql = await db.transaction((tx) => rank(tx, { source: 'external', text: 'quokka', limit: 500, where }));
    expect(memory.hits).toHaveLength(5);
    expect(memory.hits.map((h) => h.id)).toEqual(bySql.hits.map((h) => h.id));
    memory.hits.forEach((h, i) => expect(h.bm25).toBeCloseTo(bySql.hits[i]!.bm25, 9));
    // the in-memory path could not have answered: none of the five is among its best 2,000
    const index = await liveIndex(db, 'after quokka');
    const q = await queryTerms('quokka');
    const best = Array.from(index!.topByText({ ...q, finding: q.terms }, 2_000).hits.docs, (d) => index!.idAt(d));
    expect(best.filter((id) => memory.hits.some((h) => h.id === id))).toEqual([]);
  });
  it("reads a query's words from memory as repo.readQueryWords does in SQL: stems, frequencies, near spellings, sizes", async () => {
    const { db } = database;
    const titles = loadNotices()
      .slice(0, 120)
      .map((n) => n.title);
    const texts = [
      ...QUERIES,
      ...titles,
      'asbestoss remvoal at the deppot',
      'the of and to',
      'Lot 3: 2024-2026 framework, M&E re-roofing (phase 2)',
      'roof roofs roofing ROOFER',
      '  leading spaces, trailing punctuation!!',
      'x',
      '',
    ];
    // (the SQL rows also carry the statistics each, and number the words before dropping empty ones)
    const strip = ({ pos: _pos, stats: _stats, ...r }: repo.QueryWordRow & { stats?: unknown }) => r;
    for (const text of texts) {
      const bySql = await repo.readQueryWords(db, 'external', text, 80);
      const inMemory = await queryWords(db, 'external', text, 80);
      expect(inMemory.stats, text).toEqual(bySql.stats);
      expect(inMemory.words.map(strip), text).toEqual(bySql.words.map(strip));
    }
    for (const prefix of ['ro', 'rep', 'asb', 'elec', 'zzq']) {
      expect(await completionsOf(db, 'external', prefix, 3), prefix).toEqual(
        await repo.wordsStartingWith(db, 'external', prefix, 3),
      );
      expect(
        (await completionsOf(db, 'cpv', prefix, 3)).map(({ lexeme, df }) => ({ lexeme, df })),
        prefix,
      ).toEqual(await repo.labelWordsStartingWith(db, prefix, 3));
    }
  });

  it('finds the near spelling of an unknown word as pg_trgm does in SQL', async () => {
    const { db } = database;
    const table = await termTable(db, 'external');
    // typos of known words: a letter dropped, doubled or swapped with the next
    const typos = table.sorted
      .filter((l, i) => i % 61 === 0 && /^[a-z]{5,}$/.test(l))
      .flatMap((l) => [l.slice(0, 2) + l.slice(3), l + l.at(-1), l.slice(0, 1) + l[2] + l[1] + l.slice(3)])
      .filter((w) => !table.df.has(w));
    expect(typos.length).toBeGreaterThan(40);
    const bySql = await repo.nearSpellings(db, 'external', typos);
    expect(bySql.size).toBeGreaterThan(20);
    for (const w of typos) expect(nearSpelling(table, w), w).toBe(bySql.get(w) ?? null);
  });

  it('takes the newest notices of CPV classes as SQL orders them, without the excluded ones', async () => {
    const { db } = database;
    await buildLiveIndex(db);
    const index = (await liveIndex(db, await repo.sourceVersion(db, repo.SOURCE_SQL.external)))!;
    const { rows } = await db.execute<{ id: string; ms: number } & Record<string, unknown>>(sql`
      select id::text, (extract(epoch from date) * 1000)::float8 as ms from external_tenders
      where cpv_classes && array['4500', '4526', '9091']::text[] order by date desc`);
    const excluded = rows.filter((_, i) => i % 5 === 0).map((r) => r.id);
    const expected = rows.filter((r) => !excluded.includes(r.id));
    expect(expected.length).toBeGreaterThan(30);
    for (const depth of [1, 10, expected.length - 1, expected.length, expected.length + 5]) {
      const { docs, candidates } = index.newestOfClasses(['4500', '4526', '9091'], excluded, depth);
      const want = expected.slice(0, depth);
      expect(docs.map((d) => index.createdAt(d))).toEqual(want.map((r) => r.ms));
      expect(new Set(docs.map((d) => index.idAt(d))).size).toBe(docs.length);
      expect(docs.some((d) => excluded.includes(index.idAt(d)))).toBe(false);
      // whether more remain past `depth`
      expect(candidates > docs.length).toBe(expected.length > depth);
    }
  });

  it('counts the notices of each CPV code and class as repo.noticesPerCode does in SQL', async () => {
    const { db } = database;
    await buildLiveIndex(db);
    const index = await liveIndex(db, await repo.sourceVersion(db, repo.SOURCE_SQL.external));
    const codes = ['45000000', '45261910', '45261000', '79952000', '60130000', '33100000', '99999999'];
    const bySql = await repo.noticesPerCode(db, codes);
    expect([...bySql.values()].some((n) => n.code > 0)).toBe(true);
    expect(index!.noticesPerCode(codes)).toEqual(bySql);
  });
});
