import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { inTransaction, preparedPerDb, type Db, type DbOrTx } from '../../db/client.ts';
import { textArray } from '../../db/sql-arrays.ts';
import { prefixPattern } from '../../db/like.ts';
import { sharedReads } from '../../db/shared-read.ts';

/**
 * The SQL of the search engine (engine.ts; docs/search.md). Every full-text query of the product
 * goes through here: the query's words are read against the term statistics of `search_terms`,
 * candidates come from the GIN indexes (any word, and for the live feed the CPV classes the query
 * means), and each candidate is scored with Okapi BM25 (`search_bm25`, migration 0019).
 *
 * Tables are named without aliases so a caller's filter written with drizzle columns
 * (`"external_tenders"."location"`) applies as it is.
 */
export type SourceKey = 'external' | 'tenders' | 'catalogue';

export interface SourceSql {
  key: SourceKey;
  table: SQL;
  name: string;
  /** the tsvector column, by name (ts_stat reads it) */
  searchColumn: string;
  search: SQL;
  id: SQL;
  title: SQL;
  body: SQL;
  created: SQL;
  updated: SQL;
  /** live feed: the notice's CPV codes and their indexed classes */
  cpvCodes?: SQL;
  cpvClasses?: SQL;
  /** our listings: category and subcategories, which carry CPV codes in the taxonomy */
  category?: SQL;
  subcategories?: SQL;
}

/** Tenders and catalogue items are searched alike: the same columns, CPV codes from their category. */
function listingSource(key: 'tenders' | 'catalogue', name: 'tenders' | 'catalogue_items'): SourceSql {
  const col = (c: string) => sql.raw(`${name}.${c}`);
  return {
    key,
    name,
    searchColumn: 'search_vector',
    table: sql.raw(name),
    search: col('search_vector'),
    id: col('id'),
    title: col('title'),
    body: sql`left(coalesce(${col('description')}, ''), 4000)`,
    created: col('created_at'),
    updated: col('updated_at'),
    category: col('category'),
    subcategories: col('subcategories'),
  };
}

export const SOURCE_SQL: Record<SourceKey, SourceSql> = {
  external: {
    key: 'external',
    name: 'external_tenders',
    searchColumn: 'search',
    table: sql`external_tenders`,
    search: sql`external_tenders.search`,
    id: sql`external_tenders.id`,
    title: sql`external_tenders.title`,
    body: sql`left(coalesce(external_tenders.description, ''), 4000)`,
    created: sql`external_tenders.date`,
    updated: sql`external_tenders.updated_at`,
    cpvCodes: sql`external_tenders.cpv_codes`,
    cpvClasses: sql`external_tenders.cpv_classes`,
  },
  tenders: listingSource('tenders', 'tenders'),
  catalogue: listingSource('catalogue', 'catalogue_items'),
};

export const pgTextArray = textArray;
export const pgFloatArray = (xs: readonly number[]) => `{${xs.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}}`;

/** Lexemes as one-word tsqueries (an array), for search_bm25 and presence checks. */
const termQueries = (terms: readonly string[], weight = '') =>
  sql`array(select (quote_literal(t) || ${weight})::tsquery from unnest(${pgTextArray(terms)}::text[]) t)`;
/** The lexemes joined with `op` into one tsquery. */
const joined = (terms: readonly string[], op: '|' | '&') =>
  sql`(select string_agg(quote_literal(t), ${` ${op} `}) from unnest(${pgTextArray(terms)}::text[]) t)::tsquery`;

export interface QueryWordRow {
  word: string;
  lexeme: string;
  pos: number;
  df: number | null;
  cpv_df: number | null;
  near: string | null;
  near_df: number | null;
  near_cpv_df: number | null;
}

export interface SourceStatsRow {
  docs: number;
  avg_len: number;
  cpv_docs: number;
  cpv_avg_len: number;
}

/**
 * The query's words as lexemes of the English configuration (stemmed, stop words gone), each with
 * its document frequency in the source and in the CPV labels; a word the source has never seen
 * also gets its nearest known spelling (pg_trgm over the term list, GIN-indexed).
 */
export async function readQueryWords(
  db: DbOrTx,
  source: SourceKey,
  text: string,
  maxWords: number,
): Promise<{ words: QueryWordRow[]; stats: SourceStatsRow | null }> {
  const { rows } = await db.execute<QueryWordRow & { stats: SourceStatsRow | null } & Record<string, unknown>>(sql`
    with words as (
      select w, ord::int from regexp_split_to_table(lower(left(${text}, 2000)), '[^[:alnum:]]+') with ordinality s(w, ord)
      where length(w) between 1 and 40 limit ${maxWords}
    ),
    lx as (
      select distinct on (l) w as word, l as lexeme, ord as pos
      from words cross join lateral unnest(tsvector_to_array(to_tsvector('english', w))) l
      order by l, ord
    ),
    stats as (
      select (select row_to_json(r) from (
        select s.docs::float8 as docs, s.avg_len, c.docs::float8 as cpv_docs, c.avg_len as cpv_avg_len
        from search_sources s, search_sources c where s.source = ${source} and c.source = 'cpv') r) as stats
    )
    select lx.word, lx.lexeme, lx.pos, t.df, c.df as cpv_df, n.lexeme as near, n.df as near_df, nc.df as near_cpv_df, stats.stats
    from stats left join lx on true
    left join search_terms t on t.source = ${source} and t.lexeme = lx.lexeme
    left join search_terms c on c.source = 'cpv' and c.lexeme = lx.lexeme
    left join lateral (
      select k.lexeme, k.df from search_terms k
      where t.df is null and c.df is null and length(lx.lexeme) >= 4 and k.source = ${source} and k.lexeme % lx.lexeme
      order by similarity(k.lexeme, lx.lexeme) desc, k.df desc, k.lexeme collate "C" limit 1
    ) n on true
    left join search_terms nc on nc.source = 'cpv' and nc.lexeme = n.lexeme
    order by lx.pos`);
  const stats = rows[0]?.stats ?? null;
  return { words: rows.filter((r) => r.lexeme !== null), stats };
}

/** A source's counted size and every lexeme with its document frequency (term-tables.ts keeps them in memory). */
export async function termTableRows(
  db: DbOrTx,
  source: SourceKey | 'cpv',
): Promise<{
  state: { refreshed_at: string; docs: number; avg_len: number } | null;
  terms: Array<{ lexeme: string; df: number }>;
}> {
  const [state, terms] = await Promise.all([
    db.execute<{ refreshed_at: string; docs: number; avg_len: number } & Record<string, unknown>>(sql`
      select refreshed_at::text as refreshed_at, docs::float8 as docs, avg_len from search_sources where source = ${source}`),
    db.execute<{ lexeme: string; df: number } & Record<string, unknown>>(sql`
      select lexeme, df from search_terms where source = ${source}`),
  ]);
  return { state: state.rows[0] ?? null, terms: terms.rows };
}

/** PostgreSQL's English stemming of single words, as readQueryWords stems them. */
export async function stemWords(
  db: DbOrTx,
  words: readonly string[],
): Promise<Array<{ word: string; lexemes: string[] }>> {
  const { rows } = await db.execute<{ word: string; lexemes: string[] } & Record<string, unknown>>(sql`
    select w as word, tsvector_to_array(to_tsvector('english', w)) as lexemes from unnest(${pgTextArray(words)}::text[]) w`);
  return rows;
}

/** The nearest known spelling of each lexeme in the source's terms (pg_trgm), as readQueryWords finds it. */
export async function nearSpellings(
  db: DbOrTx,
  source: SourceKey,
  lexemes: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ lexeme: string; near: string } & Record<string, unknown>>(sql`
    select l as lexeme, n.lexeme as near from unnest(${pgTextArray(lexemes)}::text[]) l
    cross join lateral (
      select k.lexeme from search_terms k where k.source = ${source} and k.lexeme % l
      order by similarity(k.lexeme, l) desc, k.df desc, k.lexeme collate "C" limit 1
    ) n`);
  return new Map(rows.map((r) => [r.lexeme, r.near]));
}

export interface LabelHitRow {
  code: string;
  label: string;
  score: number;
  /** the query's lexemes the label holds */
  terms: string[];
}

/** CPV 2008 labels ranked by BM25 against the query's lexemes (cpv_labels, 9,454 rows). */
export async function rankCpvLabels(
  db: DbOrTx,
  terms: readonly string[],
  idfs: readonly number[],
  avgLen: number,
  limit: number,
): Promise<LabelHitRow[]> {
  if (!terms.length) return [];
  const { rows } = await db.execute<LabelHitRow & Record<string, unknown>>(sql`
    with q as (select ${joined(terms, '|')} as tsq, ${termQueries(terms)} as terms)
    select l.code, l.label, search_bm25(l.search, q.terms, ${pgFloatArray(idfs)}::float8[], ${avgLen})::float8 as score,
      array(select t from unnest(${pgTextArray(terms)}::text[]) t where l.search @@ quote_literal(t)::tsquery) as terms
    from cpv_labels l, q where l.search @@ q.tsq
    order by score desc, length(l.label), l.code limit ${limit}`);
  return rows;
}

export interface CandidateRow {
  id: string;
  bm25: number;
  cpv_codes: readonly string[] | null;
  category: string | null;
  subcategories: string[] | null;
  /** the query's lexemes the row holds (rows of the in-memory index holding the same share one array) */
  terms: readonly string[] | null;
  /** the query's lexemes the title holds */
  title_terms: readonly string[] | null;
  /** milliseconds since 1970, with the microseconds as a fraction: the in-memory index keeps the same */
  created: number;
}

/** Rows holding any finding word are looked for when fewer than this hold them all. */
export const ANY_WORD_BELOW = 50;

export interface CandidateQuery {
  /** lexemes that score, with their idf */
  terms: readonly string[];
  idfs: readonly number[];
  /** lexemes that find candidates (the rarer ones of a long query) */
  finding: readonly string[];
  avgLen: number;
  /** caller's filter, written against the source's table */
  where: SQL | undefined;
  /** candidates by text: the best this many by ts_rank, then scored */
  textPool: number;
  /** the finding words are common (their rows add up past BROAD_ROWS): take the newest rows that hold them instead of ranking them all */
  broad?: boolean;
  /** live feed: CPV classes the query means; listings: categories */
  classes: readonly string[];
  categories: readonly string[];
  cpvPool: number;
  excludeIds?: readonly string[];
}

/**
 * Candidates (any finding word, cut to `textPool` by plain ts_rank; plus the newest rows of the
 * CPV classes or categories the query means) with their BM25 score, CPV codes or category, and
 * which query lexemes each holds.
 */
export async function scoredCandidates(db: DbOrTx, s: SourceSql, q: CandidateQuery): Promise<CandidateRow[]> {
  const where = q.where ?? sql`true`;
  const excluded = q.excludeIds?.length ? sql` and not (${s.id} = any(${pgTextArray(q.excludeIds)}::uuid[]))` : sql``;
  const branches: SQL[] = [];
  if (q.finding.length) {
    // Rows holding every finding word first (a GIN intersection: few rows, the best BM25 scores
    // among them); only when they are fewer than the pool, rows holding any of them — by plain
    // ts_rank, or for common words (tens of thousands of rows, each read by ts_rank) the newest.
    const any = q.broad ? sql`${s.created} desc` : sql`ts_rank(${s.search}, q.tsq) desc`;
    const every = q.broad && q.finding.length === 1 ? any : sql`ts_rank(${s.search}, q.tsq) desc`;
    branches.push(
      sql`(select ${s.id} as id from ${s.table}, q where ${s.search} @@ q.alltsq and ${where}${excluded} order by ${every} limit ${q.textPool})`,
    );
    if (q.finding.length > 1) {
      branches.push(sql`(select ${s.id} as id from ${s.table}, q where (select count(*) from every) < ${ANY_WORD_BELOW} and ${s.search} @@ q.tsq and ${where}${excluded}
        order by ${any} limit ${q.textPool})`);
    }
  }
  if (q.classes.length && s.cpvClasses) {
    branches.push(
      sql`(select ${s.id} as id from ${s.table} where ${s.cpvClasses} && ${pgTextArray(q.classes)}::text[] and ${where}${excluded} order by ${s.created} desc limit ${q.cpvPool})`,
    );
  }
  if (q.categories.length && s.category) {
    branches.push(
      sql`(select ${s.id} as id from ${s.table} where ${s.category} = any(${pgTextArray(q.categories)}::text[]) and ${where}${excluded} order by ${s.created} desc limit ${q.cpvPool})`,
    );
  }
  if (!branches.length) return [];
  const [first, ...rest] = branches;
  const { rows } = await db.execute<CandidateRow & Record<string, unknown>>(sql`
    with q as (select ${q.finding.length ? joined(q.finding, '|') : sql`null::tsquery`} as tsq, ${q.finding.length ? joined(q.finding, '&') : sql`null::tsquery`} as alltsq,
      ${termQueries(q.terms)} as terms, ${termQueries(q.terms, ':A')} as titles),
    every as materialized ${first!},
    cand as (select id from every ${rest.length ? sql`union ${sql.join(rest, sql` union `)}` : sql``})
    select ${s.id} as id, extract(epoch from ${s.created})::float8 * 1000 as created,
      ${q.terms.length ? sql`search_bm25(${s.search}, q.terms, ${pgFloatArray(q.idfs)}::float8[], ${q.avgLen})` : sql`0`}::float8 as bm25,
      ${s.cpvCodes ?? sql`null::text[]`} as cpv_codes,
      ${s.category ?? sql`null::text`} as category,
      ${s.subcategories ?? sql`null::text[]`} as subcategories,
      array(select t from unnest(${pgTextArray(q.terms)}::text[]) with ordinality u(t, i) where ${s.search} @@ q.terms[i]) as terms,
      array(select t from unnest(${pgTextArray(q.terms)}::text[]) with ordinality u(t, i) where ${s.search} @@ q.titles[i]) as title_terms
    from cand join ${s.table} on ${s.id} = cand.id, q`);
  return rows;
}

export interface HighlightRow {
  id: string;
  title: string;
  snippet: string;
}

/**
 * The title and a passage of the body with the matched lexemes marked (ts_headline), for one page
 * of hits. \u0001 and \u0002 open and close a mark; they are removed from the text first.
 */
export async function highlights(
  db: DbOrTx,
  s: SourceSql,
  ids: readonly string[],
  terms: readonly string[],
): Promise<HighlightRow[]> {
  if (!ids.length) return [];
  const clean = (x: SQL) => sql`regexp_replace(${x}, '[\u0001\u0002]', '', 'g')`;
  const tsq = terms.length
    ? sql`(select string_agg(quote_literal(t), ' | ') from unnest(${pgTextArray(terms)}::text[]) t)::tsquery`
    : sql`''::tsquery`;
  const { rows } = await db.execute<HighlightRow & Record<string, unknown>>(sql`
    with q as (select ${tsq} as tsq)
    select ${s.id} as id,
      ts_headline('english', ${clean(s.title)}, q.tsq, 'StartSel=\u0001, StopSel=\u0002, HighlightAll=true') as title,
      ts_headline('english', ${clean(s.body)}, q.tsq, 'StartSel=\u0001, StopSel=\u0002, MaxWords=32, MinWords=16, ShortWord=2, MaxFragments=1') as snippet
    from ${s.table}, q where ${s.id} = any(${pgTextArray(ids)}::uuid[])`);
  return rows;
}

/** The insert + update + delete counter of a table (cumulative statistics: free, a second or so behind). */
export async function changeCounter(db: DbOrTx, table: string): Promise<number> {
  const { rows } = await db.execute<{ n: string | null } & Record<string, unknown>>(sql`
    select (n_tup_ins + n_tup_upd + n_tup_del)::text as n from pg_stat_user_tables where relname = ${table} and schemaname = current_schema()`);
  return Number(rows[0]?.n ?? 0);
}

export async function statsState(
  db: DbOrTx,
  source: SourceKey,
): Promise<{ docs: number; changes: number; refreshedAt: string } | null> {
  const { rows } = await db.execute<
    { docs: string; changes: string; refreshed_at: string } & Record<string, unknown>
  >(sql`
    select docs::text, changes_at_refresh::text as changes, refreshed_at::text as refreshed_at from search_sources where source = ${source}`);
  const r = rows[0];
  return r ? { docs: Number(r.docs), changes: Number(r.changes), refreshedAt: r.refreshed_at } : null;
}

/**
 * Recounts the document frequency of every lexeme of a source (ts_stat), in one transaction so a
 * search sees the old statistics or the new ones. An advisory lock keeps it to one at a time.
 */
export async function refreshTerms(db: DbOrTx, s: SourceSql, changes: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ ok: boolean } & Record<string, unknown>>(
      sql`select pg_try_advisory_xact_lock(hashtext(${`search-terms:${s.key}`})) as ok`,
    );
    if (!rows[0]?.ok) return;
    await tx.execute(sql`delete from search_terms where source = ${s.key}`);
    await tx.execute(sql`insert into search_terms (source, lexeme, df)
      select ${s.key}, word, ndoc from ts_stat(${`select ${s.searchColumn} from ${s.name}`})`);
    await tx.execute(sql`insert into search_sources (source, docs, avg_len, changes_at_refresh, refreshed_at)
      select ${s.key}, count(*), coalesce(avg(length(${s.search})), 0), ${changes}, now() from ${s.table}
      on conflict (source) do update set docs = excluded.docs, avg_len = excluded.avg_len,
        changes_at_refresh = excluded.changes_at_refresh, refreshed_at = excluded.refreshed_at`);
  });
}

export async function allCpvLabels(db: DbOrTx): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ code: string; label: string } & Record<string, unknown>>(
    sql`select code, label from cpv_labels`,
  );
  return new Map(rows.map((r) => [r.code, r.label]));
}

/** How many notices carry each code exactly, and how many its class (GIN on cpv_codes and cpv_classes). */
export async function noticesPerCode(
  db: DbOrTx,
  codes: readonly string[],
): Promise<Map<string, { code: number; cls: number }>> {
  if (!codes.length) return new Map();
  const { rows } = await db.execute<{ c: string; n_code: number; n_class: number } & Record<string, unknown>>(sql`
    select c, (select count(*) from external_tenders where cpv_codes @> array[c])::int as n_code,
      (select count(*) from external_tenders where cpv_classes @> array[left(c, 4)])::int as n_class
    from unnest(${pgTextArray(codes)}::text[]) c`);
  return new Map(rows.map((r) => [r.c, { code: r.n_code, cls: r.n_class }]));
}

/** Words of a source that start as `prefix` does, the commonest first (the word being typed). */
export async function wordsStartingWith(
  db: DbOrTx,
  source: SourceKey,
  prefix: string,
  limit: number,
): Promise<Array<{ lexeme: string; df: number; cpv_df: number | null }>> {
  const like = prefixPattern(prefix);
  const { rows } = await db.execute<
    { lexeme: string; df: number; cpv_df: number | null } & Record<string, unknown>
  >(sql`
    select t.lexeme, t.df, c.df as cpv_df from search_terms t left join search_terms c on c.source = 'cpv' and c.lexeme = t.lexeme
    where t.source = ${source} and t.lexeme like ${like} order by t.df desc, t.lexeme limit ${limit}`);
  return rows;
}

/** Words of the CPV labels that start as `prefix` does, the commonest first (suggestions as one types). */
export async function labelWordsStartingWith(
  db: DbOrTx,
  prefix: string,
  limit: number,
): Promise<Array<{ lexeme: string; df: number }>> {
  const like = prefixPattern(prefix);
  const { rows } = await db.execute<{ lexeme: string; df: number } & Record<string, unknown>>(sql`
    select lexeme, df from search_terms where source = 'cpv' and lexeme like ${like} order by df desc, lexeme limit ${limit}`);
  return rows;
}

const dialect = new PgDialect();
/** A filter as text and parameters, to key the results kept for it. */
export function sqlKey(where: SQL | undefined): string {
  if (!where) return '';
  const q = dialect.sqlToQuery(where);
  return `${q.sql}\u0000${JSON.stringify(q.params)}`;
}

/**
 * What the results of a source depend on: its newest write (inserts and every repository update
 * stamp updated_at; an index probe) and when its term statistics were counted.
 */
export async function sourceVersion(db: DbOrTx, s: SourceSql): Promise<string> {
  if (inTransaction(db)) {
    const { rows } = await db.execute<{ v: string } & Record<string, unknown>>(versionSql(s));
    return rows[0]?.v ?? '';
  }
  // Searches running at once share one read (db/shared-read.ts): at 100 searches in flight, one
  // statement per turn of the event loop instead of 100.
  return sharedVersion(db, s.key);
}

const sharedVersion = sharedReads(async (db: Db, key: SourceKey) => {
  const [row] = await versionStatements[key](db).execute();
  return row?.v ?? '';
});

const versionSql = (s: SourceSql) =>
  sql`select concat((select max(${s.updated}) from ${s.table})::text, '|', (select refreshed_at from search_sources where source = ${s.key})::text) as v`;
const versionStatement = (key: SourceKey) =>
  preparedPerDb((db) =>
    db
      .select({ v: sql<string>`v.v` })
      .from(sql`(${versionSql(SOURCE_SQL[key])}) v`)
      .prepare(`search_version_${key}`),
  );
const versionStatements: Record<SourceKey, (db: Db) => { execute(): Promise<Array<{ v: string }>> }> = {
  external: versionStatement('external'),
  tenders: versionStatement('tenders'),
  catalogue: versionStatement('catalogue'),
};

/** The refreshed_at of a sourceVersion (after its last '|'; a timestamp holds none). */
export const refreshedAtOf = (version: string): string => version.slice(version.lastIndexOf('|') + 1);

/**
 * A document as the in-memory index reads it (live-index.ts): its tsvector unnested, one
 * `lexeme \u0002 weights` entry per lexeme joined by \u0001 (the weights of its positions in order,
 * e.g. `AAD`: what ts_rank reads), its size, CPV codes (notices) or category (listings), date and
 * when it was last written.
 */
export interface LiveDocRow {
  id: string;
  created_ms: number;
  /** updated_at in microseconds since the epoch (exact in a float8 until the year 2255) */
  updated_us: number;
  len: number;
  cpv_codes: string[] | null;
  category?: string | null;
  subcategories?: string[] | null;
  terms: string | null;
}

const liveDocColumns = (
  s: SourceSql,
) => sql`${s.id} as id, extract(epoch from ${s.created})::float8 * 1000 as created_ms,
  extract(epoch from ${s.updated})::float8 * 1000000 as updated_us, length(${s.search}) as len,
  ${s.cpvCodes ?? sql`null::text[]`} as cpv_codes, ${s.category ?? sql`null::text`} as category,
  ${s.subcategories ?? sql`null::text[]`} as subcategories,
  (select string_agg(u.lexeme || chr(2) || array_to_string(u.weights, ''), chr(1)) from unnest(${s.search}) u) as terms`;

/** A page of a source's documents in id order, after `afterId` (the index's first build). */
export async function liveDocsPage(
  db: DbOrTx,
  s: SourceSql,
  afterId: string | null,
  limit: number,
): Promise<LiveDocRow[]> {
  const { rows } = await db.execute<LiveDocRow & Record<string, unknown>>(sql`
    select ${liveDocColumns(s)} from ${s.table}
    where ${afterId === null ? sql`true` : sql`${s.id} > ${afterId}::uuid`}
    order by ${s.id} limit ${limit}`);
  return rows;
}

/** The documents of these ids (those written since the index read them). */
export async function liveDocsByIds(db: DbOrTx, s: SourceSql, ids: readonly string[]): Promise<LiveDocRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute<LiveDocRow & Record<string, unknown>>(sql`
    select ${liveDocColumns(s)} from ${s.table} where ${s.id} = any(${pgTextArray(ids)}::uuid[])`);
  return rows;
}

/**
 * Each document's id and when it was last written: all of them (the index's reconciliation:
 * deletes, writes it missed), or those written at or after `sinceUs` (microseconds since the epoch).
 */
export async function liveDocVersions(
  db: DbOrTx,
  s: SourceSql,
  sinceUs?: number,
): Promise<Array<{ id: string; updated_us: number }>> {
  const { rows } = await db.execute<{ id: string; updated_us: number } & Record<string, unknown>>(sql`
    select ${s.id} as id, extract(epoch from ${s.updated})::float8 * 1000000 as updated_us from ${s.table}
    where ${sinceUs === undefined ? sql`true` : sql`${s.updated} >= timestamptz 'epoch' + ${sinceUs}::float8 * interval '1 microsecond'`}`);
  return rows;
}

/** How many documents a source holds and its newest write (microseconds), in one index probe and a count. */
export async function liveFeedState(
  db: DbOrTx,
  s: SourceSql = SOURCE_SQL.external,
): Promise<{ docs: number; newest_us: number | null }> {
  const { rows } = await db.execute<{ docs: number; newest_us: number | null } & Record<string, unknown>>(sql`
    select (select count(*) from ${s.table})::int as docs,
      (select extract(epoch from max(${s.updated}))::float8 * 1000000 from ${s.table}) as newest_us`);
  return rows[0] ?? { docs: 0, newest_us: null };
}

/** Of `ids`, those that still exist and pass the caller's filter (the in-memory candidates, checked). */
export async function passingIds(db: DbOrTx, s: SourceSql, ids: readonly string[], where: SQL | undefined) {
  if (!ids.length) return new Set<string>();
  const { rows } = await db.execute<{ id: string } & Record<string, unknown>>(sql`
    select ${s.id} as id from ${s.table} where ${s.id} = any(${pgTextArray(ids)}::uuid[]) and ${where ?? sql`true`}`);
  return new Set(rows.map((r) => r.id));
}

/** Whether `db` is a transaction (its own uncommitted writes are seen by SQL only, not by the in-memory index). */
export { inTransaction } from '../../db/client.ts';

/** The CPV 2008 labels as the in-memory label index reads them (live-index.ts rankLabels): code as id, the label's tsvector unnested. */
export async function cpvLabelDocs(db: DbOrTx): Promise<Array<LiveDocRow & { label: string }>> {
  const { rows } = await db.execute<LiveDocRow & { label: string } & Record<string, unknown>>(sql`
    select code as id, label, 0::float8 as created_ms, 0::float8 as updated_us, length(search) as len, null::text[] as cpv_codes,
      (select string_agg(u.lexeme || chr(2) || array_to_string(u.weights, ''), chr(1)) from unnest(search) u) as terms
    from cpv_labels`);
  return rows;
}
