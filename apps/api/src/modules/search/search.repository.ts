import { sql, type SQL } from 'drizzle-orm';
import { CLOSING_WINDOWS, VALUE_BUCKETS, type SearchSort, type SearchType } from '@brickyard/shared';
import { namedRawStatements, type DbOrTx } from '../../db/client.ts';
import { listVersionSql, type Counted, type ListState, type ListTable } from '../../db/exact-counts.ts';
import { closingSoonOrder, openNoticeSql, openTenderSql } from '../../db/open-notice-sql.ts';

/**
 * SQL of GET /api/search over one source (tenders, catalogue items, external tenders): filters,
 * pages and facet counts. Words are the search engine's (engine.ts): it ranks, and the rows it
 * found come back here as `ids`.
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
  /**
   * Whether a row still takes bids (its deadline, if any, ahead): the closing windows count only
   * these, and "closing soon" lists them first (a cancelled notice whose deadline is ahead is not
   * closing).
   */
  takingBids: SQL;
  /** whether rows have a deadline (closing-window counts are skipped otherwise: always 0) */
  closes: boolean;
  created: SQL;
  /** newest first, as an index of the table holds it (a page walks the index instead of sorting every row) */
  newest: SQL;
  snippet: SQL;
  userId: SQL;
  companyName: SQL;
  /** the listing's files (catalogue items: the service picks the first picture); null elsewhere */
  attachments: SQL;
  join: SQL;
  /** the table's row in list_versions (db/exact-counts.ts): what is kept of a search is kept under its version */
  list: ListTable;
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
    takingBids: sql`(${openTenderSql('x')})`,
    closes: true,
    created: sql`x.created_at`,
    newest: sql`x.created_at desc, x.id desc`,
    snippet: sql`left(x.description, 240)`,
    userId: sql`x.user_id`,
    companyName: sql`u.company_name`,
    attachments: sql`null::jsonb`,
    join: sql`join users u on u.id = x.user_id`,
    list: 'tenders',
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
    takingBids: sql`false`,
    closes: false,
    created: sql`x.created_at`,
    newest: sql`x.created_at desc, x.id desc`,
    snippet: sql`left(x.description, 240)`,
    userId: sql`x.user_id`,
    companyName: sql`u.company_name`,
    attachments: sql`x.attachments`,
    join: sql`join users u on u.id = x.user_id`,
    list: 'catalogue_items',
  },
  external: {
    table: sql`external_tenders x`,
    search: sql`x.search`,
    title: sql`x.title`,
    category: sql`null::text`,
    region: sql`x.location`,
    status: sql`(case when ${openNoticeSql('x')} then 'open' else 'closed' end)`,
    amount: sql`x.amount_minor`,
    currency: sql`x.currency`,
    deadline: sql`x.tender_end_date`,
    takingBids: openNoticeSql('x'),
    closes: true,
    created: sql`x.date`,
    newest: sql`x.date desc nulls last, x.id`,
    snippet: sql`left(coalesce(x.description, ''), 240)`,
    userId: sql`null::uuid`,
    companyName: sql`x.buyer_name`,
    attachments: sql`null::jsonb`,
    join: sql``,
    list: 'external_tenders',
  },
};

/** The deadline of a row still taking bids, null for the rest (what the closing windows read). */
const closesAtOf = (s: Source) => sql`(case when ${s.takingBids} then ${s.deadline} end)`;

export interface SearchFilter {
  /** only these rows (the search engine's results for the words) */
  ids?: readonly string[];
  /** whose tenders the caller may see: only their own (a buyer), or the public record (a supplier) */
  visible?: { ownerId: string } | { statuses: readonly string[]; awardedTo: string };
  category?: string;
  region?: string;
  statuses?: string[];
  value?: { min: number; max: number | null };
  closingDays?: number;
}

/** Every filter but the text. */
function filtersOf(s: Source, f: SearchFilter): SQL {
  const c: SQL[] = [sql`true`];
  if (f.ids) c.push(sql`x.id = any(${`{${f.ids.join(',')}}`}::uuid[])`);
  if (f.visible && 'ownerId' in f.visible) c.push(sql`x.user_id = ${f.visible.ownerId}`);
  else if (f.visible) {
    const statuses = sql.join(
      f.visible.statuses.map((x) => sql`${x}`),
      sql`, `,
    );
    c.push(sql`(x.status in (${statuses}) or x.awarded_supplier_id = ${f.visible.awardedTo})`);
  }
  if (f.category) c.push(sql`${s.category} = ${f.category}`);
  if (f.region) c.push(sql`${s.region} = ${f.region}`);
  if (f.statuses)
    c.push(
      f.statuses.length
        ? sql`${s.status} in (${sql.join(
            f.statuses.map((x) => sql`${x}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (f.value) {
    c.push(sql`${s.amount} >= ${f.value.min * 100}`);
    if (f.value.max !== null) c.push(sql`${s.amount} < ${f.value.max * 100}`);
  }
  if (f.closingDays !== undefined)
    c.push(sql`${closesAtOf(s)} > now() and ${closesAtOf(s)} <= now() + make_interval(days => ${f.closingDays})`);
  return sql.join(c, sql` and `);
}

/** The rows the filters let through, as a common table expression named `m` (opens a WITH). */
function matchSet(s: Source, f: SearchFilter, columns: SQL): SQL {
  return sql`m as (select ${columns} from ${s.table} where ${filtersOf(s, f)})`;
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
  attachments: { name: string; url: string }[] | null;
  /** the source's list state, read in the same statement (db/exact-counts.ts) */
  list_version: string;
  list_now: string;
}

/** A page of hits and the state of its table it was read at (null for an empty page). */
export interface HitPage {
  rows: HitRow[];
  state: ListState | null;
}

const listStateSql = (s: Source) => sql`${listVersionSql(s.list)}::text as list_version, now()::text as list_now`;

const hitColumns = (s: Source) => sql`x.id, ${s.title} as title, ${s.snippet} as snippet, ${s.category} as category,
  ${s.region} as region, ${s.status} as status, ${s.amount} as amount, ${s.currency} as currency, ${s.deadline} as deadline,
  ${s.created} as created, ${s.userId} as user_id, ${s.companyName} as company_name, ${s.attachments} as attachments,
  ${listStateSql(s)}`;

function hitPage(rows: HitRow[]): HitPage {
  const first = rows[0];
  return { rows, state: first ? { version: Number(first.list_version), now: new Date(first.list_now) } : null };
}

const bucketSql = (s: Source) =>
  sql.join(
    [
      sql`case`,
      ...VALUE_BUCKETS.map((b) =>
        b.max === null
          ? sql`when ${s.amount} >= ${b.min * 100} then ${b.key}`
          : sql`when ${s.amount} >= ${b.min * 100} and ${s.amount} < ${b.max * 100} then ${b.key}`,
      ),
      sql`end`,
    ],
    sql` `,
  );

/** What the facet counts need of a matching row. */
const facetColumns = (s: Source) =>
  sql`${s.category} as category, ${s.region} as region, ${s.status} as status, ${bucketSql(s)} as bucket, ${s.deadline} as deadline, ${closesAtOf(s)} as closes_at`;

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
  const inWindow = CLOSING_WINDOWS.map(
    (w, i) =>
      sql`count(*) filter (where closes_at > now() and closes_at <= now() + make_interval(days => ${w.days}))::int as ${sql.raw(`w${i}`)}`,
  );
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

// A search's hits and facets, prepared per shape of their filters (db/client.ts).
const hitStatements = namedRawStatements('search_hits');
const facetStatements = namedRawStatements('search_facets');

/** Hits for `ids` that the filters still let through, in the order of `ids` (the search engine's ranking). */
export async function hitsByIds(db: DbOrTx, s: Source, f: SearchFilter, ids: readonly string[]): Promise<HitPage> {
  if (!ids.length) return { rows: [], state: null };
  const rows = await hitStatements<HitRow & Record<string, unknown>>(
    db,
    sql`
    select ${hitColumns(s)}
    from ${s.table} ${s.join}
    where ${filtersOf(s, { ...f, ids })}
    order by array_position(${`{${ids.join(',')}}`}::uuid[], x.id)`,
  );
  return hitPage(rows);
}

/** The search engine's filter: the rows these filters let through (the engine names its tables without aliases). */
export function engineFilter(s: Source, f: SearchFilter, idRef: SQL): SQL | undefined {
  const filters = filtersOf(s, f);
  return sql`${idRef} in (select x.id from ${s.table} where ${filters})`;
}

/**
 * One page in `sort` order (or lexical order past the re-ranked depth), OFFSET-paged. With text,
 * the matches are sorted on the columns read by their index scans and only the page is joined.
 */
export async function orderedPage(
  db: DbOrTx,
  s: Source,
  f: SearchFilter,
  sort: SearchSort,
  limit: number,
  offset: number,
): Promise<HitPage> {
  const order =
    sort === 'closing_soon' ? sql.join([...closingSoonOrder(s.takingBids, s.deadline), s.newest], sql`, `) : s.newest;
  const { rows } = await db.execute<HitRow & Record<string, unknown>>(sql`
    select ${hitColumns(s)}
    from ${s.table} ${s.join}
    where ${filtersOf(s, f)}
    order by ${order} limit ${limit} offset ${offset}`);
  return hitPage(rows);
}

/** A search's facet rows and what they stay exact for (db/exact-counts.ts). */
export interface FacetCounted extends Counted {
  rows: FacetRow[];
}

/**
 * The first instant after now at which a clock alone moves a count of the match set `m`: a
 * deadline passing (the open and closed status of live-feed notices, every closing window) or
 * coming within a closing window's days.
 */
const clockMovesSql = (s: Source) =>
  s.closes
    ? sql`(select min(t) from m, lateral (values (m.deadline), ${sql.join(
        CLOSING_WINDOWS.map((w) => sql`(m.deadline - make_interval(days => ${w.days}))`),
        sql`, `,
      )}) v(t) where t > now())::text`
    : sql`null::text`;

/**
 * Counts per category, region, status, value bucket and closing window, in one pass over the rows
 * the filters let through; with the table's version in the same snapshot, the clock, and the
 * instant until which the clock leaves the counts as they are.
 */
export async function facets(db: DbOrTx, s: Source, f: SearchFilter): Promise<FacetCounted> {
  const [row] = await facetStatements<
    { rows: FacetRow[]; total: number; valid_until: string | null; version: string; at: string } & Record<
      string,
      unknown
    >
  >(
    db,
    sql`with ${matchSet(s, f, facetColumns(s))}
    select (select coalesce(json_agg(r), '[]'::json) from (${facetRowsOf(s, sql`m`)}) r) as rows,
      (select count(*) from m)::int as total,
      ${clockMovesSql(s)} as valid_until,
      ${listVersionSql(s.list)}::text as version,
      now()::text as at`,
  );
  return {
    rows: row!.rows,
    total: row!.total,
    version: Number(row!.version),
    validUntil: row!.valid_until ? new Date(row!.valid_until) : null,
    at: new Date(row!.at),
  };
}
