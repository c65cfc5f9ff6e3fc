import { sql, type SQL } from 'drizzle-orm';
import { CLOSING_WINDOWS, VALUE_BUCKETS, type SearchSort, type SearchType } from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';

/**
 * SQL of GET /api/search over one source (tenders, catalogue items, external tenders): the same
 * weighted tsvectors the listings use, with a near-spelling fallback on the title (pg_trgm word
 * similarity, GIN-indexed), filters, and facet counts from the same materialized match set as the
 * page (issue 4: one pass, not one per purpose).
 */
export interface Source {
  table: SQL;
  search: SQL;
  title: SQL;
  category: SQL;
  region: SQL;
  status: SQL;
  /** minor units (pence) */
  amount: SQL;
  currency: SQL;
  deadline: SQL;
  /** whether rows have a deadline (closing-window counts are skipped otherwise: always 0) */
  closes: boolean;
  created: SQL;
  snippet: SQL;
  userId: SQL;
  companyName: SQL;
  join: SQL;
  vectorJoin: SQL;
}

export const SOURCES: Record<SearchType, Source> = {
  tenders: {
    table: sql`tenders x`,
    search: sql`x.search_vector`,
    title: sql`x.title`,
    category: sql`x.category`,
    region: sql`x.region`,
    status: sql`x.status`,
    amount: sql`x.budget_pence`,
    currency: sql`x.currency`,
    deadline: sql`x.deadline`,
    closes: true,
    created: sql`x.created_at`,
    snippet: sql`left(x.description, 240)`,
    userId: sql`x.user_id`,
    companyName: sql`u.company_name`,
    join: sql`join users u on u.id = x.user_id`,
    vectorJoin: sql`left join tender_vectors v on v.tender_id = x.id`,
  },
  catalogue: {
    table: sql`catalogue_items x`,
    search: sql`x.search_vector`,
    title: sql`x.title`,
    category: sql`x.category`,
    region: sql`x.region`,
    status: sql`x.availability`,
    amount: sql`x.value_pence`,
    currency: sql`x.currency`,
    deadline: sql`null::timestamptz`,
    closes: false,
    created: sql`x.created_at`,
    snippet: sql`left(x.description, 240)`,
    userId: sql`x.user_id`,
    companyName: sql`u.company_name`,
    join: sql`join users u on u.id = x.user_id`,
    vectorJoin: sql`left join catalogue_item_vectors v on v.catalogue_item_id = x.id`,
  },
  external: {
    table: sql`external_tenders x`,
    search: sql`x.search`,
    title: sql`x.title`,
    category: sql`null::text`,
    region: sql`x.location`,
    status: sql`(case when x.tender_end_date is null or x.tender_end_date > now() then 'open' else 'closed' end)`,
    amount: sql`x.amount_minor`,
    currency: sql`x.currency`,
    deadline: sql`x.tender_end_date`,
    closes: true,
    created: sql`x.date`,
    snippet: sql`left(coalesce(x.description, ''), 240)`,
    userId: sql`null::uuid`,
    companyName: sql`x.buyer_name`,
    join: sql``,
    vectorJoin: sql`left join external_tender_vectors v on v.external_tender_id = x.id`,
  },
};

export interface SearchFilter {
  q?: string;
  /** whose tenders the caller may see: only their own (a buyer), or the public record (a supplier) */
  visible?: { ownerId: string } | { statuses: readonly string[]; awardedTo: string };
  category?: string;
  region?: string;
  statuses?: string[];
  value?: { min: number; max: number | null };
  closingDays?: number;
}

const tsq = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/** Lexical relevance: weighted cover density plus title word similarity. */
export const lexicalRank = (s: Source, q: string) => sql`(ts_rank_cd(${s.search}, ${tsq(q)}, 32) + 0.3 * word_similarity(${q}, ${s.title}))`;

/** Every filter but the text. */
function filtersOf(s: Source, f: SearchFilter): SQL {
  const c: SQL[] = [sql`true`];
  if (f.visible && 'ownerId' in f.visible) c.push(sql`x.user_id = ${f.visible.ownerId}`);
  else if (f.visible) {
    const statuses = sql.join(f.visible.statuses.map((x) => sql`${x}`), sql`, `);
    c.push(sql`(x.status in (${statuses}) or x.awarded_supplier_id = ${f.visible.awardedTo})`);
  }
  if (f.category) c.push(sql`${s.category} = ${f.category}`);
  if (f.region) c.push(sql`${s.region} = ${f.region}`);
  if (f.statuses) c.push(f.statuses.length ? sql`${s.status} in (${sql.join(f.statuses.map((x) => sql`${x}`), sql`, `)})` : sql`false`);
  if (f.value) {
    c.push(sql`${s.amount} >= ${f.value.min * 100}`);
    if (f.value.max !== null) c.push(sql`${s.amount} < ${f.value.max * 100}`);
  }
  if (f.closingDays !== undefined) c.push(sql`${s.deadline} > now() and ${s.deadline} <= now() + make_interval(days => ${f.closingDays})`);
  return sql.join(c, sql` and `);
}

/**
 * Near spellings of the title are looked for only when full text finds fewer matches than this:
 * a typo in any word of the query leaves full text (all words) with next to nothing, while a
 * query that finds thousands has been understood, and its fuzzy neighbours ("drainage channels"
 * for "drainage pipes") cost as much again as the full-text matches (issue 4).
 */
export const TYPO_FALLBACK_BELOW = 50;

/**
 * The rows that match, as common table expressions that open a WITH and name them `m`: full-text
 * hits (`fts`), plus (when those are few) titles that are a near spelling of the query and are
 * not full-text hits (`near`). Each branch is its own GIN index scan that reads the columns it
 * needs as it goes: OR-ing the two conditions made PostgreSQL test the title similarity of every
 * full-text hit, or scan the whole table, and looking the union of their ids up again by primary
 * key cost about 10 ms per 1,300 rows. Both branches are materialized once and `m` only appends
 * them (a third copy cost 3 ms per 5,000 rows); the count that gates `near` reads the first
 * TYPO_FALLBACK_BELOW rows of `fts` and is a one-time filter, so the title index is not read at
 * all when full text found enough (a LIMIT-ed count of its own let the planner pick a table scan).
 */
function matchSet(s: Source, f: SearchFilter, columns: SQL): SQL {
  const filters = filtersOf(s, f);
  if (!f.q) return sql`m as (select ${columns} from ${s.table} where ${filters})`;
  return sql`fts as materialized (select ${columns} from ${s.table} where ${s.search} @@ ${tsq(f.q)} and ${filters}),
    near as materialized (select ${columns} from ${s.table}
      where (select count(*) from (select from fts limit ${TYPO_FALLBACK_BELOW}) few) < ${TYPO_FALLBACK_BELOW}
        and ${f.q} <% ${s.title} and not coalesce(${s.search} @@ ${tsq(f.q)}, false) and ${filters}),
    m as not materialized (select * from fts union all select * from near)`;
}

export interface HitRow {
  id: string;
  title: string;
  snippet: string;
  category: string | null;
  region: string | null;
  status: string | null;
  amount: number | null;
  currency: string | null;
  deadline: string | null;
  created: string;
  user_id: string | null;
  company_name: string | null;
  lex: number;
  vector: Buffer | null;
  description: string | null;
}

const hitColumns = (s: Source) => sql`x.id, ${s.title} as title, ${s.snippet} as snippet, ${s.category} as category,
  ${s.region} as region, ${s.status} as status, ${s.amount} as amount, ${s.currency} as currency, ${s.deadline} as deadline,
  ${s.created} as created, ${s.userId} as user_id, ${s.companyName} as company_name, v.vector`;

const bucketSql = (s: Source) =>
  sql.join(
    [
      sql`case`,
      ...VALUE_BUCKETS.map((b) =>
        b.max === null ? sql`when ${s.amount} >= ${b.min * 100} then ${b.key}` : sql`when ${s.amount} >= ${b.min * 100} and ${s.amount} < ${b.max * 100} then ${b.key}`,
      ),
      sql`end`,
    ],
    sql` `,
  );

/** What the facet counts need of a matching row. */
const facetColumns = (s: Source) =>
  sql`${s.category} as category, ${s.region} as region, ${s.status} as status, ${bucketSql(s)} as bucket, ${s.deadline} as deadline`;

export interface FacetRow {
  dim: string;
  value: string | null;
  n: number;
}

/**
 * Facet rows over the match set `m` (facetColumns) in one pass: category, region, status and value
 * bucket as grouping sets, each group also counting its rows in every closing window; the
 * closing-window counts are then the sums over the category groups.
 */
const facetRowsOf = (s: Source, m: SQL) => {
  const inWindow = CLOSING_WINDOWS.map((w, i) => sql`count(*) filter (where deadline > now() and deadline <= now() + make_interval(days => ${w.days}))::int as ${sql.raw(`w${i}`)}`);
  return sql`
    with g as (
      select case when grouping(category) = 0 then 'category' when grouping(region) = 0 then 'region' when grouping(status) = 0 then 'status' else 'value' end as dim,
        case when grouping(category) = 0 then category when grouping(region) = 0 then region when grouping(status) = 0 then status else bucket end as value,
        count(*)::int as n${s.closes ? sql`, ${sql.join(inWindow, sql`, `)}` : sql``}
      from ${m} group by grouping sets ((category), (region), (status), (bucket))
    )
    select dim, value, n from g
    ${
      s.closes
        ? sql`union all
    select 'closing', w.value, coalesce(w.n, 0)::int from (select ${sql.raw(CLOSING_WINDOWS.map((_, i) => `sum(w${i}) as w${i}`).join(', '))} from g where dim = 'category') c
      cross join lateral (values ${sql.join(
        CLOSING_WINDOWS.map((w, i) => sql`(${w.key}, ${sql.raw(`c.w${i}`)})`),
        sql`, `,
      )}) w(value, n)`
        : sql``
    }`;
};

/**
 * Lexical top `limit` and (with `withFacets`) the facet counts, from one materialized match set:
 * the matches are first cut to RANK_POOL by plain ts_rank, then ranked by cover density and title
 * similarity; only those rows are joined to their owner and vector. Cover density costs about six
 * times what ts_rank does per row and title similarity more again (on the bench, 12 ms and 28 ms
 * over 5,000 matches against 2 ms), and both weigh the title's words first, as ts_rank does, so
 * the cut keeps the rows they would rank first (issue 4).
 */
export const RANK_POOL = 1000;
export async function rankedCandidates(
  db: DbOrTx,
  s: Source,
  f: SearchFilter & { q: string },
  limit: number,
  withFacets = false,
): Promise<{ rows: HitRow[]; facets: FacetRow[] }> {
  const { rows } = await db.execute<HitRow & { facets: FacetRow[] | null } & Record<string, unknown>>(sql`
    with ${matchSet(s, f, sql`x.id, ${s.title} as title, ${s.created} as created, ${s.search} as doc, ts_rank(${s.search}, ${tsq(f.q)}) as rough${withFacets ? sql`, ${facetColumns(s)}` : sql``}`)},
    pool as (select id, title, created, doc from m order by rough desc, id limit ${RANK_POOL}),
    top as (select id, ${lexicalRank({ ...s, search: sql`doc`, title: sql`title` }, f.q)}::float8 as lex, created from pool order by lex desc, created desc, id limit ${limit}),
    hits as (
      select ${hitColumns(s)}, top.lex, case when v.vector is null then left(coalesce(x.description, ''), 2000) end as description,
        row_number() over (order by top.lex desc, top.created desc, x.id) as rn
      from top join ${s.table} on x.id = top.id ${s.join} ${s.vectorJoin}
    )
    -- the facet counts ride on the first row (or a row of nulls when nothing matched)
    select hits.*, case when hits.rn is null or hits.rn = 1 then ${withFacets ? sql`(select json_agg(r) from (${facetRowsOf(s, sql`m`)}) r)` : sql`null::json`} end as facets
    from (select 1) one left join hits on true
    order by hits.rn`);
  return { rows: rows.filter((r) => r.id !== null), facets: rows[0]?.facets ?? [] };
}

/**
 * One page in `sort` order (or lexical order past the re-ranked depth), OFFSET-paged. With text,
 * the matches are sorted on the columns read by their index scans and only the page is joined.
 */
export async function orderedPage(db: DbOrTx, s: Source, f: SearchFilter, sort: SearchSort, limit: number, offset: number): Promise<HitRow[]> {
  const order = (deadline: SQL, created: SQL, id: SQL, lex: SQL) =>
    sort === 'closing_soon'
      ? sql`(${deadline} > now()) desc nulls last, ${deadline} asc nulls last, ${created} desc, ${id}`
      : sort === 'relevance' && f.q
        ? sql`${lex} desc, ${created} desc, ${id}`
        : sql`${created} desc, ${id}`;
  if (!f.q) {
    const { rows } = await db.execute<HitRow & Record<string, unknown>>(sql`
      select ${hitColumns(s)}, 0::float8 as lex, null as description
      from ${s.table} ${s.join} ${s.vectorJoin}
      where ${filtersOf(s, f)}
      order by ${order(s.deadline, s.created, sql`x.id`, sql`0`)} limit ${limit} offset ${offset}`);
    return rows;
  }
  // lexical rank of every match only when it is the order; otherwise of the page's rows (shown as relevance)
  const byLex = sort === 'relevance';
  const { rows } = await db.execute<HitRow & Record<string, unknown>>(sql`
    with ${matchSet(s, f, sql`x.id, ${s.created} as created, ${s.deadline} as deadline${byLex ? sql`, ${lexicalRank(s, f.q)}::float8 as lex` : sql``}`)},
    page as (select * from m order by ${order(sql`deadline`, sql`created`, sql`id`, sql`lex`)} limit ${limit} offset ${offset})
    select ${hitColumns(s)}, ${byLex ? sql`page.lex` : sql`${lexicalRank(s, f.q)}::float8`} as lex, null as description
    from page join ${s.table} on x.id = page.id ${s.join} ${s.vectorJoin}
    order by ${order(sql`page.deadline`, sql`page.created`, sql`page.id`, sql`page.lex`)}`);
  return rows;
}

/**
 * Counts per category, region, status, value bucket and closing window, in one pass over the
 * matches (without text: straight over the filtered table, nothing materialized).
 */
export async function facets(db: DbOrTx, s: Source, f: SearchFilter): Promise<FacetRow[]> {
  const { rows } = await db.execute<FacetRow & Record<string, unknown>>(
    sql`with ${matchSet(s, f, facetColumns(s))} select * from (${facetRowsOf(s, sql`m`)}) r`,
  );
  return rows;
}

export async function saveExternalVectorsFor(db: DbOrTx, rows: Array<{ id: string; vector: Buffer }>) {
  if (!rows.length) return;
  await db.execute(sql`insert into external_tender_vectors (external_tender_id, vector)
    select * from unnest(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[], ${`{${rows.map((r) => `"\\\\x${r.vector.toString('hex')}"`).join(',')}}`}::bytea[])
    on conflict (external_tender_id) do update set vector = excluded.vector, updated_at = now()`);
}
