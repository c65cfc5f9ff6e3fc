import { eq, sql } from 'drizzle-orm';
import { preparedPerDb, type Db, type DbOrTx } from '../../db/client.ts';
import { dashboardVersions } from '../../db/schema/index.ts';
import type { Buckets } from './dashboard.buckets.ts';
import { openNoticeSql, openTenderSql } from '../../db/open-notice-sql.ts';

/**
 * The SQL of the dashboards (docs/product.md section 2 Dashboard). Every figure is an aggregate over
 * the caller's own rows, reached through an index on the owner column (tenders_user_created_idx,
 * contracts_buyer_idx / contracts_supplier_idx, conversation_participants_user_idx,
 * catalogue_items_user_created_idx then matches_item_score_idx / matches_tender_score_idx and the
 * catalogue_item_views primary key,
 * bid_assist_requests_supplier_idx, the favourites primary key, tender_responses_supplier_idx and
 * tender_responses_tender_idx). Each dashboard is a handful
 * of queries run in parallel: no query per row.
 */

/** Tender statuses a supplier can see (published at some point). */
const PUBLISHED = sql.raw(`('active', 'pending', 'closed', 'fulfilled')`);
/** Contract statuses that mean a deal was struck. */
const WON = sql.raw(`('active', 'fulfilled')`);
/** Response statuses that mean a response reached the buyer (RECEIVED_RESPONSE_STATUSES). */
const RECEIVED_RESPONSES = sql.raw(`('submitted', 'shortlisted', 'awarded', 'unsuccessful')`);

export interface TrendRow {
  k: string;
  p: string;
  n: number;
  v: number;
}

const rows = async <T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> => (await db.execute(q)).rows as T[];
const bucketOf = (b: Buckets, col: ReturnType<typeof sql>) =>
  sql`to_char(date_trunc(${b.unit}, ${col} at time zone 'Europe/London'), 'YYYY-MM-DD')`; // UK days (dashboard.buckets.ts)

// ---------------------------------------------------------------- buyer

export function buyerTendersByStatus(db: DbOrTx, buyerId: string) {
  return rows<{ status: string; n: number; open_budget: string }>(
    db,
    sql`select status, count(*)::int as n, coalesce(sum(budget_pence) filter (where status = 'active'), 0)::bigint as open_budget
        from tenders where user_id = ${buyerId} group by status`,
  );
}

/** Matches per published tender (newest first) and the average over all of them. */
export async function buyerMatches(db: DbOrTx, buyerId: string, limit: number) {
  const [list, [avg]] = await Promise.all([
    rows<{ id: string; title: string; status: string; matches: number; top: number | null }>(
      db,
      sql`select t.id, t.title, t.status, count(m.catalogue_item_id)::int as matches, max(m.score)::int as top
          from tenders t left join matches m on m.tender_id = t.id
          where t.user_id = ${buyerId} and t.status in ${PUBLISHED}
          group by t.id
          order by t.published_at desc nulls last, t.id
          limit ${limit}`,
    ),
    rows<{ tenders: number; matches: number }>(
      db,
      sql`select count(distinct t.id)::int as tenders, count(m.catalogue_item_id)::int as matches
          from tenders t left join matches m on m.tender_id = t.id
          where t.user_id = ${buyerId} and t.status in ${PUBLISHED}`,
    ),
  ]);
  return { list, tenders: avg?.tenders ?? 0, matches: avg?.matches ?? 0 };
}

/** Published tenders, those with a response (a conversation or a contract) and those awarded. */
export async function buyerRates(db: DbOrTx, buyerId: string) {
  const [row] = await rows<{ published: number; responded: number; awarded: number }>(
    db,
    sql`with pub as (
          select id from tenders where user_id = ${buyerId} and status in ${PUBLISHED}
        ), talked as (
          select distinct c.tender_id from conversation_participants p
          join conversations c on c.id = p.conversation_id
          where p.user_id = ${buyerId} and c.tender_id is not null
        ), answered as (
          select distinct r.tender_id from tender_responses r join tenders t on t.id = r.tender_id
          where t.user_id = ${buyerId} and r.status in ${RECEIVED_RESPONSES}
        ), dealt as (
          select tender_id, bool_or(status in ('proposed', 'active', 'fulfilled')) as awarded
          from contracts where buyer_id = ${buyerId} and tender_id is not null group by tender_id
        )
        select count(*)::int as published,
               count(*) filter (where talked.tender_id is not null or answered.tender_id is not null or dealt.tender_id is not null)::int as responded,
               count(*) filter (where dealt.awarded)::int as awarded
        from pub left join talked on talked.tender_id = pub.id left join answered on answered.tender_id = pub.id
          left join dealt on dealt.tender_id = pub.id`,
  );
  return row ?? { published: 0, responded: 0, awarded: 0 };
}

export async function buyerDeals(db: DbOrTx, buyerId: string) {
  const [row] = await rows<{ n: number; value: string; fulfilled: string }>(
    db,
    sql`select count(*) filter (where status in ${WON})::int as n,
               coalesce(sum(value_pence) filter (where status in ${WON}), 0)::bigint as value,
               coalesce(sum(value_pence) filter (where status = 'fulfilled'), 0)::bigint as fulfilled
        from contracts where buyer_id = ${buyerId}`,
  );
  return { count: row?.n ?? 0, valuePence: Number(row?.value ?? 0), fulfilledValuePence: Number(row?.fulfilled ?? 0) };
}

export function buyerActivity(db: DbOrTx, buyerId: string, limit: number) {
  return rows<{
    id: string;
    tender_id: string;
    title: string | null;
    action: string;
    actor: string | null;
    created_at: Date;
  }>(
    db,
    sql`select ae.id, ae.tender_id, t.title, ae.action,
               nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor, ae.created_at
        from tenders t
        join audit_events ae on ae.tender_id = t.id
        left join users u on u.id = ae.actor_id
        where t.user_id = ${buyerId}
        order by ae.created_at desc, ae.id
        limit ${limit}`,
  );
}

export function buyerClosingSoon(db: DbOrTx, buyerId: string, limit: number) {
  return rows<{ id: string; title: string; deadline: Date; budget: string | null; matches: number }>(
    db,
    sql`select t.id, t.title, t.deadline, t.budget_pence as budget,
               (select count(*) from matches m where m.tender_id = t.id)::int as matches
        from tenders t
        where t.user_id = ${buyerId} and t.status = 'active' and t.deadline > now()
        order by t.deadline, t.id
        limit ${limit}`,
  );
}

export function buyerTrend(db: DbOrTx, buyerId: string, b: Buckets) {
  return rows<TrendRow>(
    db,
    sql`select 'tenders' as k, ${bucketOf(b, sql`published_at`)} as p, count(*)::int as n, 0::bigint as v
          from tenders where user_id = ${buyerId} and published_at >= ${b.from} and published_at < ${b.to} group by 2
        union all
        select 'conversations', ${bucketOf(b, sql`c.created_at`)}, count(*)::int, 0::bigint
          from conversation_participants p join conversations c on c.id = p.conversation_id
          where p.user_id = ${buyerId} and c.created_at >= ${b.from} and c.created_at < ${b.to} group by 2
        union all
        select 'deals', ${bucketOf(b, sql`coalesce(responded_at, created_at)`)}, count(*)::int, coalesce(sum(value_pence), 0)::bigint
          from contracts where buyer_id = ${buyerId} and status in ${WON}
            and coalesce(responded_at, created_at) >= ${b.from} and coalesce(responded_at, created_at) < ${b.to} group by 2`,
  );
}

// ---------------------------------------------------------------- supplier

/**
 * The supplier's matches exactly as Connect lists them (matching.repository tenderMatchesOf):
 * per catalogue item, the tenders open to suppliers now (active, deadline ahead), not the
 * supplier's own, best score first (ties by tender id), at most the plan's matches per listing.
 * `matched_at` is when the pair first matched (a recompute keeps it), so a match is dated by
 * when it happened, not by its tender's creation, and stays put across visits.
 */
function visibleMatches(supplierId: string, matchesPerItem: number | null) {
  const cap = matchesPerItem === null ? sql`` : sql`where v.rn <= ${matchesPerItem}`;
  return sql`visible as (
      select v.catalogue_item_id, v.tender_id, v.score, v.matched_at from (
        select m.catalogue_item_id, m.tender_id, m.score, m.matched_at,
               row_number() over (partition by m.catalogue_item_id order by m.score desc, t.id) as rn
        from catalogue_items i
        join matches m on m.catalogue_item_id = i.id
        join tenders t on t.id = m.tender_id
        where i.user_id = ${supplierId} and ${openTenderSql('t')} and t.user_id <> ${supplierId}
      ) v ${cap}
    )`;
}

/** The supplier's matches (as Connect shows them) that first matched this London calendar month, and all of them. */
export async function supplierMatchCounts(db: DbOrTx, supplierId: string, matchesPerItem: number | null) {
  const [row] = await rows<{ month: number; total: number }>(
    db,
    sql`with ${visibleMatches(supplierId, matchesPerItem)}
        select count(*) filter (where matched_at >= (date_trunc('month', now() at time zone 'Europe/London') at time zone 'Europe/London'))::int as month,
               count(*)::int as total
        from visible`,
  );
  return { month: row?.month ?? 0, total: row?.total ?? 0 };
}

export async function supplierDeals(db: DbOrTx, supplierId: string) {
  const [row] = await rows<{ won: number; value: string; active: number; fulfilled: number }>(
    db,
    sql`select count(*) filter (where status in ${WON})::int as won,
               coalesce(sum(value_pence) filter (where status in ${WON}), 0)::bigint as value,
               count(*) filter (where status = 'active')::int as active,
               count(*) filter (where status = 'fulfilled')::int as fulfilled
        from contracts where supplier_id = ${supplierId}`,
  );
  return {
    won: row?.won ?? 0,
    valuePence: Number(row?.value ?? 0),
    active: row?.active ?? 0,
    fulfilled: row?.fulfilled ?? 0,
  };
}

/** Tenders pursued (a conversation, a contract or a Bid Assist request about it) and tenders won. */
export async function supplierWinRate(db: DbOrTx, supplierId: string) {
  const [row] = await rows<{ pursued: number; won: number }>(
    db,
    sql`with pursued as (
          select c.tender_id from conversation_participants p join conversations c on c.id = p.conversation_id
            where p.user_id = ${supplierId} and c.tender_id is not null
          union
          select tender_id from contracts where supplier_id = ${supplierId} and tender_id is not null
          union
          select tender_id from bid_assist_requests where supplier_id = ${supplierId} and tender_id is not null
          union
          select tender_id from tender_responses where supplier_id = ${supplierId} and status in ${RECEIVED_RESPONSES}
        ), won as (
          select distinct tender_id from contracts where supplier_id = ${supplierId} and tender_id is not null and status in ${WON}
        )
        select (select count(*) from pursued)::int as pursued, (select count(*) from won)::int as won`,
  );
  return row ?? { pursued: 0, won: 0 };
}

/**
 * Responses to the buyer's tenders: how many were received (submitted and not withdrawn), on how
 * many tenders, how many of those tenders were awarded to a response, and the average hours from
 * publication to a response's first submission (version 1 in tender_response_versions).
 */
export async function buyerTenderResponses(db: DbOrTx, buyerId: string) {
  const [row] = await rows<{ received: number; tenders: number; awarded: number; hours: number | null }>(
    db,
    sql`select count(*)::int as received,
               count(distinct r.tender_id)::int as tenders,
               count(distinct r.tender_id) filter (where r.status = 'awarded')::int as awarded,
               avg(extract(epoch from (v.submitted_at - t.published_at)) / 3600) filter (where t.published_at is not null)::float8 as hours
        from tenders t join tender_responses r on r.tender_id = t.id
        left join tender_response_versions v on v.response_id = r.id and v.version = 1
        where t.user_id = ${buyerId} and r.status in ${RECEIVED_RESPONSES}`,
  );
  return row ?? { received: 0, tenders: 0, awarded: 0, hours: null };
}

/** The supplier's responses (submitted, not withdrawn), their outcomes and average hours to respond. */
export async function supplierTenderResponses(db: DbOrTx, supplierId: string) {
  const [row] = await rows<{ submitted: number; awarded: number; unsuccessful: number; hours: number | null }>(
    db,
    sql`select count(*)::int as submitted,
               count(*) filter (where r.status = 'awarded')::int as awarded,
               count(*) filter (where r.status = 'unsuccessful')::int as unsuccessful,
               avg(extract(epoch from (v.submitted_at - t.published_at)) / 3600) filter (where t.published_at is not null)::float8 as hours
        from tender_responses r join tenders t on t.id = r.tender_id
        left join tender_response_versions v on v.response_id = r.id and v.version = 1
        where r.supplier_id = ${supplierId} and r.status in ${RECEIVED_RESPONSES}`,
  );
  return row ?? { submitted: 0, awarded: 0, unsuccessful: 0, hours: null };
}

/**
 * The supplier's items, most matched first, with their matches and their detail views in the
 * period (catalogue_item_views, one per viewer per item per UTC day, read through its primary key
 * item → day), plus the views of all their items in the period on every row (`total_views`).
 */
export function supplierCatalogue(
  db: DbOrTx,
  supplierId: string,
  b: Pick<Buckets, 'firstDay' | 'lastDay'>,
  limit: number,
  matchesPerItem: number | null,
) {
  return rows<{
    id: string;
    title: string;
    category: string;
    matches: number;
    top: number | null;
    views: number;
    total_views: number;
  }>(
    db,
    sql`with seen as (
          select v.catalogue_item_id, count(*)::int as views
          from catalogue_items i join catalogue_item_views v on v.catalogue_item_id = i.id
          where i.user_id = ${supplierId} and v.viewed_on between ${b.firstDay}::date and ${b.lastDay}::date
          group by v.catalogue_item_id
        ), ${visibleMatches(supplierId, matchesPerItem)}
        select i.id, i.title, i.category, count(m.tender_id)::int as matches, max(m.score)::int as top,
               coalesce(seen.views, 0)::int as views,
               (select coalesce(sum(views), 0) from seen)::int as total_views
        from catalogue_items i
        left join seen on seen.catalogue_item_id = i.id
        left join visible m on m.catalogue_item_id = i.id
        where i.user_id = ${supplierId}
        group by i.id, seen.views
        order by count(m.tender_id) desc, coalesce(seen.views, 0) desc, i.title, i.id
        limit ${limit}`,
  );
}

export function supplierFavouritesClosing(db: DbOrTx, supplierId: string, limit: number) {
  return rows<{
    id: string;
    title: string;
    buyer_name: string | null;
    closes_at: Date;
    amount_minor: string | null;
    currency: string | null;
  }>(
    db,
    sql`select e.id, e.title, e.buyer_name, e.tender_end_date as closes_at, e.amount_minor, e.currency
        from external_tender_favourites f join external_tenders e on e.id = f.tender_id
        where f.user_id = ${supplierId} and ${openNoticeSql('e')} and e.tender_end_date is not null
        order by e.tender_end_date, e.id
        limit ${limit}`,
  );
}

export function supplierBidAssistCounts(db: DbOrTx, supplierId: string) {
  return rows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from bid_assist_requests where supplier_id = ${supplierId} group by status`,
  );
}

export function supplierTrend(db: DbOrTx, supplierId: string, b: Buckets, matchesPerItem: number | null) {
  return rows<TrendRow>(
    db,
    sql`with ${visibleMatches(supplierId, matchesPerItem)}
        select 'matches' as k, ${bucketOf(b, sql`matched_at`)} as p, count(*)::int as n, 0::bigint as v
          from visible where matched_at >= ${b.from} and matched_at < ${b.to} group by 2
        union all
        select 'deals', ${bucketOf(b, sql`coalesce(responded_at, created_at)`)}, count(*)::int, coalesce(sum(value_pence), 0)::bigint
          from contracts where supplier_id = ${supplierId} and status in ${WON}
            and coalesce(responded_at, created_at) >= ${b.from} and coalesce(responded_at, created_at) < ${b.to} group by 2`,
  );
}

// ---------------------------------------------------------------- freshness

/**
 * The caller's listings whose matches were never computed or are older than the listing
 * (the matching module's own staleness rule: vectors.matched_at < updated_at), at most `limit`.
 */
export async function staleSubjects(
  db: DbOrTx,
  kind: 'tender' | 'catalogue_item',
  userId: string,
  limit: number,
): Promise<string[]> {
  const q =
    kind === 'tender'
      ? sql`select t.id from tenders t left join tender_vectors v on v.tender_id = t.id
            where t.user_id = ${userId} and t.status in ${PUBLISHED} and (v.matched_at is null or v.matched_at < t.updated_at)
            limit ${limit}`
      : sql`select c.id from catalogue_items c left join catalogue_item_vectors v on v.catalogue_item_id = c.id
            where c.user_id = ${userId} and (v.matched_at is null or v.matched_at < c.updated_at)
            limit ${limit}`;
  return (await rows<{ id: string }>(db, q)).map((r) => r.id);
}

// ---------------------------------------------------------------- cache versions

const versionStatement = preparedPerDb((db) =>
  db
    .select({ version: dashboardVersions.version })
    .from(dashboardVersions)
    .where(eq(dashboardVersions.scope, sql.placeholder('scope')))
    .prepare('dashboard_version'),
);

/**
 * The version of a dashboard scope (0 before its first write), read on every dashboard request:
 * a prepared statement, like the unread count, to skip building and parsing it each time.
 */
export async function dashboardVersion(db: Db, scope: string): Promise<number> {
  const [row] = await versionStatement(db).execute({ scope });
  return row?.version ?? 0;
}
