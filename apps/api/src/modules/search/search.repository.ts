import { sql, type SQL } from 'drizzle-orm';
import { CLOSING_WINDOWS, VALUE_BUCKETS, type SearchSort, type SearchType } from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';

/**
 * SQL of GET /api/search over one source (tenders, catalogue items, external tenders): the same
 * weighted tsvectors the listings use, with a near-spelling fallback on the title (pg_trgm word
 * similarity, GIN-indexed), filters, and facet counts in one pass over the filtered rows.
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

/**
 * Full text, or a title that is a near spelling of the query (typos). Each is its own GIN index
 * scan and the union of their ids is looked up by primary key (an array, so the planner cannot
 * choose to hash-join it against the whole table): OR-ing the two conditions made PostgreSQL test
 * the title similarity of every full-text hit, or scan the whole table.
 */
export const textMatch = (s: Source, q: string) =>
  sql`x.id = any(array(select x.id from ${s.table} where ${s.search} @@ ${tsq(q)} union select x.id from ${s.table} where ${q} <% ${s.title}))`;
/** Lexical relevance: weighted cover density plus title word similarity. */
export const lexicalRank = (s: Source, q: string) => sql`(ts_rank_cd(${s.search}, ${tsq(q)}, 32) + 0.3 * word_similarity(${q}, ${s.title}))`;

export function whereOf(s: Source, f: SearchFilter): SQL {
  const c: SQL[] = [sql`true`];
  if (f.visible && 'ownerId' in f.visible) c.push(sql`x.user_id = ${f.visible.ownerId}`);
  else if (f.visible) {
    const statuses = sql.join(f.visible.statuses.map((x) => sql`${x}`), sql`, `);
    c.push(sql`(x.status in (${statuses}) or x.awarded_supplier_id = ${f.visible.awardedTo})`);
  }
  if (f.q) c.push(textMatch(s, f.q));
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

/**
 * Lexical top `limit`: full-text hits are first cut to RANK_POOL by cover density alone (title
 * similarity costs as much again per row), then ranked with both; only those rows are joined to
 * their owner and vector.
 */
export const RANK_POOL = 1000;
export async function rankedCandidates(db: DbOrTx, s: Source, f: SearchFilter & { q: string }, limit: number): Promise<HitRow[]> {
  const { rows } = await db.execute<HitRow & Record<string, unknown>>(sql`
    with hits as (select x.id from ${s.table} where ${whereOf(s, f)} order by ts_rank_cd(${s.search}, ${tsq(f.q)}, 32) desc, x.id limit ${RANK_POOL}),
    top as (select x.id, ${lexicalRank(s, f.q)}::float8 as lex from hits join ${s.table} on x.id = hits.id order by lex desc, ${s.created} desc, x.id limit ${limit})
    select ${hitColumns(s)}, top.lex, case when v.vector is null then left(coalesce(x.description, ''), 2000) end as description
    from top join ${s.table} on x.id = top.id ${s.join} ${s.vectorJoin}
    order by top.lex desc, ${s.created} desc, x.id`);
  return rows;
}

export async function orderedPage(db: DbOrTx, s: Source, f: SearchFilter, sort: SearchSort, limit: number, offset: number): Promise<HitRow[]> {
  const order =
    sort === 'closing_soon'
      ? sql`(${s.deadline} > now()) desc nulls last, ${s.deadline} asc nulls last, ${s.created} desc, x.id`
      : sort === 'relevance' && f.q
        ? sql`lex desc, ${s.created} desc, x.id`
        : sql`${s.created} desc, x.id`;
  const { rows } = await db.execute<HitRow & Record<string, unknown>>(sql`
    select ${hitColumns(s)}, ${f.q ? lexicalRank(s, f.q) : sql`0`}::float8 as lex, null as description
    from ${s.table} ${s.join} ${s.vectorJoin}
    where ${whereOf(s, f)}
    order by ${order} limit ${limit} offset ${offset}`);
  return rows;
}

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

export interface FacetRow {
  dim: string;
  value: string | null;
  n: number;
}

/** Counts per category, region, status, value bucket and closing window, in one pass over the matches. */
export async function facets(db: DbOrTx, s: Source, f: SearchFilter): Promise<FacetRow[]> {
  const windows = CLOSING_WINDOWS.map((w) => sql`select 'closing' as dim, ${w.key} as value,
    count(*) filter (where deadline > now() and deadline <= now() + make_interval(days => ${w.days}))::int as n from f`);
  const { rows } = await db.execute<FacetRow & Record<string, unknown>>(sql`
    with f as materialized (
      select ${s.category} as category, ${s.region} as region, ${s.status} as status, ${bucketSql(s)} as bucket, ${s.deadline} as deadline
      from ${s.table} where ${whereOf(s, f)}
    )
    select 'category' as dim, category as value, count(*)::int as n from f group by category
    union all select 'region', region, count(*)::int from f group by region
    union all select 'status', status, count(*)::int from f group by status
    union all select 'value', bucket, count(*)::int from f where bucket is not null group by bucket
    union all ${sql.join(windows, sql` union all `)}`);
  return rows;
}

export async function saveExternalVectorsFor(db: DbOrTx, rows: Array<{ id: string; vector: Buffer }>) {
  if (!rows.length) return;
  await db.execute(sql`insert into external_tender_vectors (external_tender_id, vector)
    select * from unnest(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[], ${`{${rows.map((r) => `"\\\\x${r.vector.toString('hex')}"`).join(',')}}`}::bytea[])
    on conflict (external_tender_id) do update set vector = excluded.vector, updated_at = now()`);
}
