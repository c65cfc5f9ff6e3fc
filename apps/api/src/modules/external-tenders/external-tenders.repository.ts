import { and, asc, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedPerDb, preparedPerHandle, type Db, type DbOrTx } from '../../db/client.ts';
import {
  externalTenderFavourites,
  externalTenderReleases,
  externalTenderSavedSearches,
  externalTenders,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { activeSubscriptionSql } from '../../db/access-sql.ts';
import { isRanked, rankedIds, rankOrder } from '../../db/ranked.ts';
import { listStateColumns, listVersionSql, type Counted, type ListState } from '../../db/exact-counts.ts';
import { CURRENCY_EXPONENTS } from './ocds-mapper.ts';
import { containsPattern } from '../../db/like.ts';
import { closingSoonOrder, openNoticeSql } from '../../db/open-notice-sql.ts';

const t = externalTenders;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const textArray = (values: readonly string[]) => sql`array[${list(values)}]::text[]`;

/** Still taking bids (db/open-notice-sql.ts). */
export const isOpenSql = openNoticeSql('external_tenders');

/** The status the API presents (see EXTERNAL_TENDER_STATUSES in @brickyard/shared). */
export const statusSql = sql<string>`(case
  when ${t.tenderStatus} in ('active', 'planned', 'planning') and ${t.tenderEndDate} is not null and ${t.tenderEndDate} <= now() then 'closed'
  when ${t.tenderStatus} = 'active' then 'open'
  when ${t.tenderStatus} in ('planning', 'planned', 'complete', 'cancelled', 'unsuccessful', 'withdrawn') then ${t.tenderStatus}
  else 'unknown' end)`;

/** The amount in major units of its currency (no exchange rates: value filters compare nominal amounts). */
const amountMajorSql = sql<number>`(${t.amountMinor}::numeric / power(10, case
  when ${t.currency} in (${list(CURRENCY_EXPONENTS.zero)}) then 0
  when ${t.currency} in (${list(CURRENCY_EXPONENTS.three)}) then 3
  else 2 end))`;

export interface SearchFilters {
  /** words: ranked by the search engine (modules/search/engine.ts), which passes the matching ids */
  q?: string;
  status?: string;
  minValue?: number;
  maxValue?: number;
  location?: string;
  /** CPV prefixes, e.g. ["45", "7131"]. */
  cpv?: string[];
  closingFrom?: Date;
  /** exclusive */
  closingBefore?: Date;
  /** only these tenders (used by saved-search alerts) */
  ids?: string[];
}

type Faceted = 'status' | 'cpv' | 'location';

/** The filters the facets count by, each on its own: a facet leaves its own out so its options stay visible. */
function facetConditions(f: SearchFilters): Partial<Record<Faceted, SQL>> {
  return {
    status: f.status ? sql`${statusSql} = ${f.status}` : undefined,
    location: f.location ? sql`${t.location} ilike ${containsPattern(f.location)}` : undefined,
    cpv: f.cpv?.length
      ? sql`exists (select 1 from unnest(${t.cpvCodes}) c where c like any (${textArray(f.cpv.map((p) => `${p}%`))}))`
      : undefined,
  };
}

/** Every filter but the words, which the search engine applies (its candidates come back as `ids`). */
export function conditions(f: SearchFilters, omit?: Faceted | 'facets'): SQL[] {
  const where: SQL[] = [];
  const faceted = facetConditions(f);
  const kept = (facet: Faceted) => omit !== facet && omit !== 'facets' && faceted[facet];
  if (kept('status')) where.push(faceted.status!);
  if (f.minValue !== undefined) where.push(sql`${amountMajorSql} >= ${f.minValue}`);
  if (f.maxValue !== undefined) where.push(sql`${amountMajorSql} <= ${f.maxValue}`);
  if (kept('location')) where.push(faceted.location!);
  if (kept('cpv')) where.push(faceted.cpv!);
  if (f.closingFrom) where.push(sql`${t.tenderEndDate} >= ${f.closingFrom.toISOString()}`);
  if (f.closingBefore) where.push(sql`${t.tenderEndDate} < ${f.closingBefore.toISOString()}`);
  // The engine's results (up to 500 ids) as one array parameter: the page, its count and the three
  // facets each carry them, and 500 parameters apiece cost more to build than the statements run.
  if (f.ids) where.push(sql`${t.id} = any(${`{${f.ids.join(',')}}`}::uuid[])`);
  return where;
}

/** The filters as one condition (undefined when none), for the search engine. */
export const filterSql = (f: SearchFilters): SQL | undefined => and(...conditions(f));

/** A notice's columns as everyone sees them. */
const noticeColumns = {
  id: t.id,
  ocid: t.ocid,
  origin: t.origin,
  title: t.title,
  description: t.description,
  tenderStatus: t.tenderStatus,
  status: statusSql,
  isOpen: isOpenSql,
  amountMinor: t.amountMinor,
  currency: t.currency,
  location: t.location,
  tenderId: t.tenderId,
  tenderStartDate: t.tenderStartDate,
  tenderEndDate: t.tenderEndDate,
  awardStartDate: t.awardStartDate,
  awardEndDate: t.awardEndDate,
  date: t.date,
  procurementMethod: t.procurementMethod,
  procurementMethodDetails: t.procurementMethodDetails,
  sourceUrl: t.sourceUrl,
  buyerName: t.buyerName,
  cpvCodes: t.cpvCodes,
  noticeType: t.noticeType,
  publisher: t.publisher,
  demoShiftDays: t.demoShiftDays,
};
/** …and whether `userId` has favourited it. */
const columns = (userId: string | Placeholder) => ({
  ...noticeColumns,
  isFavourited: sql<boolean>`exists (select 1 from ${externalTenderFavourites} f where f.tender_id = ${t.id} and f.user_id = ${userId})`,
});
// Only its type is used: the row shape of a tender read.
const _tenderQuery = (db: DbOrTx, userId: string) => db.select(columns(userId)).from(t);
export type TenderView = Awaited<ReturnType<typeof _tenderQuery>>[number];
/** A notice as everyone sees it (a search's page, kept for everyone who asks the same). */
export type NoticeView = Omit<TenderView, 'isFavourited'>;

export type SearchSort = 'relevance' | 'newest' | 'closing';

/**
 * Newest first, as external_tenders_date_idx holds them (`date desc nulls last, id`). `date` is
 * never null, but a plain `desc` means nulls first, and PostgreSQL then cannot walk that index:
 * it sorted all 100k notices for every page of the feed (65 ms, against 0.07 ms).
 */
const newestFirst = [sql`${t.date} desc nulls last`, asc(t.id)];

function orderBy(sort: SearchSort): SQL[] {
  if (sort === 'closing') {
    // (a cancelled notice whose deadline is ahead is among the closed ones)
    return [...closingSoonOrder(isOpenSql, sql`${t.tenderEndDate}`), ...newestFirst];
  }
  return newestFirst;
}

/**
 * One page of the tenders the filters let through, in `sort` order, each row with the feed's list
 * state read in the same statement (db/exact-counts.ts).
 */
export function tenderPage(db: DbOrTx, f: SearchFilters, sort: SearchSort, page: number, pageSize: number) {
  const selected = { ...noticeColumns, ...listStateColumns('external_tenders') };
  const read =
    sort === 'relevance' && f.ids?.length
      ? db
          .select(selected)
          .from(rankedIds(`{${f.ids.join(',')}}`))
          .innerJoin(t, isRanked(t.id))
          .where(and(...conditions({ ...f, ids: undefined })))
          .orderBy(rankOrder)
      : db
          .select(selected)
          .from(t)
          .where(and(...conditions(f)))
          .orderBy(...orderBy(sort));
  return read.limit(pageSize).offset((page - 1) * pageSize);
}

// "Top for you" reads its kept ranking's notices on every visit: prepared once, as building and
// planning the statement cost more than running it.
const rankedPageStatement = preparedPerDb((db) =>
  db
    .select(columns(sql.placeholder('userId')))
    .from(rankedIds(sql.placeholder('ids')))
    .innerJoin(t, isRanked(t.id))
    .orderBy(rankOrder)
    .limit(sql.placeholder('limit'))
    .prepare('external_ranked_page'),
);

/** The notices `ids`, in that order (at most `limit`), as `userId` sees them. */
export function rankedPage(db: Db, userId: string, ids: readonly string[], limit: number): Promise<TenderView[]> {
  return rankedPageStatement(db).execute({ userId, ids: `{${ids.join(',')}}`, limit });
}

/** A search's page and the feed's state it was read at (null for an empty page), as db/exact-counts.ts pages take them. */
export async function searchPage(
  db: DbOrTx,
  f: SearchFilters,
  sort: SearchSort,
  page: number,
  pageSize: number,
): Promise<{ rows: NoticeView[]; state: ListState | null }> {
  const rows = await tenderPage(db, f, sort, page, pageSize);
  const first = rows[0];
  return { rows, state: first ? { version: first.listVersion, now: first.listNow } : null };
}

export interface Facet {
  value: string;
  count: number;
}

/** A search's total and facets, with what they stay exact for (db/exact-counts.ts). */
export interface FeedCounted extends Counted {
  status: Facet[];
  cpv: Facet[];
  locations: Facet[];
}

/**
 * How many notices the filters let through, and the three facets, in one statement: the rows that
 * pass every filter but the faceted ones are read once, and each facet counts those that pass the
 * other two filters (its own is left out so its options stay visible). With them, the feed's
 * version in the same snapshot, and the earliest deadline ahead among the rows read: a status
 * read from the clock (open, closed) holds until then, and the clock it counted at (a page kept
 * with it must have been read no earlier).
 */
export async function countFeed(db: DbOrTx, f: SearchFilters): Promise<FeedCounted> {
  const faceted = facetConditions(f);
  const passes = (facet: Faceted) => faceted[facet] ?? sql`true`;
  const { rows } = await db.execute<
    {
      total: number;
      valid_until: string | null;
      status: Facet[] | null;
      cpv: Facet[] | null;
      locations: Facet[] | null;
      version: string;
      at: string;
    } & Record<string, unknown>
  >(sql`
    with m as materialized (
      select ${statusSql} as status, ${t.cpvCodes} as cpv_codes, ${t.location} as location, ${t.tenderEndDate} as end_date,
             ${passes('status')} as s_ok, ${passes('cpv')} as c_ok, ${passes('location')} as l_ok
      from ${t}
      where ${and(...conditions(f, 'facets')) ?? sql`true`}
    )
    select
      (select count(*) from m where s_ok and c_ok and l_ok)::int as total,
      (select min(end_date) from m where end_date > now()) as valid_until,
      (select json_agg(x order by x.count desc, x.value) from (
         select status as value, count(*)::int as count from m where c_ok and l_ok group by status) x) as status,
      (select json_agg(x order by x.count desc, x.value) from (
         select d.division as value, count(*)::int as count
         from m, lateral (select distinct left(c, 2) as division from unnest(m.cpv_codes) c) d
         where s_ok and l_ok group by d.division order by count(*) desc, d.division limit 10) x) as cpv,
      (select json_agg(x order by x.count desc, x.value) from (
         select l.place as value, count(*)::int as count
         from m, lateral (select distinct trim(p) as place from unnest(string_to_array(m.location, ', ')) p) l
         where s_ok and c_ok group by l.place order by count(*) desc, l.place limit 10) x) as locations,
      ${listVersionSql('external_tenders')} as version,
      now() as at`);
  const r = rows[0];
  return {
    total: r?.total ?? 0,
    status: r?.status ?? [],
    cpv: r?.cpv ?? [],
    locations: r?.locations ?? [],
    version: Number(r?.version ?? -1),
    validUntil: r?.valid_until ? new Date(r.valid_until) : null,
    at: r ? new Date(r.at) : undefined,
  };
}
export interface Interests {
  cpvPrefixes: string[];
  places: string[];
}

/**
 * The best current tenders for a supplier: open tenders first, then by relevance to their
 * interests (CPV prefixes 3 points, a place 1 point, construction divisions 45/44/71 1 point),
 * then newest.
 */
export async function topTenders(
  db: DbOrTx,
  userId: string,
  interests: Interests,
  limit: number,
): Promise<TenderView[]> {
  const score: SQL[] = [
    sql`case when exists (select 1 from unnest(${t.cpvCodes}) c where left(c, 2) in ('45', '44', '71')) then 1 else 0 end`,
  ];
  if (interests.cpvPrefixes.length) {
    score.push(
      sql`case when exists (select 1 from unnest(${t.cpvCodes}) c where c like any (${textArray(interests.cpvPrefixes.map((p) => `${p}%`))})) then 3 else 0 end`,
    );
  }
  if (interests.places.length) {
    score.push(
      sql`case when ${t.location} ilike any (${textArray(interests.places.map((p) => containsPattern(p)))}) then 1 else 0 end`,
    );
  }
  const rows = await db
    .select(columns(userId))
    .from(t)
    .orderBy(sql`${isOpenSql} desc`, sql`(${sql.join(score, sql` + `)}) desc`, ...newestFirst)
    .limit(limit);
  return rows;
}

/**
 * One live-feed tender as the detail screen shows it, with the buyer and parties of the release
 * it was compiled from (where the buyer's contact point is published; the rest of the raw release
 * stays in the database): one statement, prepared once. (Read as two statements side by side, the
 * second round trip cost as much as either read on this machine, docs/performance.md.)
 */
const tenderByIdStatement = preparedPerDb((db) => {
  const r = externalTenderReleases;
  return db
    .select({
      ...columns(sql.placeholder('userId')),
      // the outer row's columns named with their table: a one-table select leaves them bare
      parties: sql<unknown>`(select json_build_object('buyer', ${r.raw}->'buyer', 'parties', ${r.raw}->'parties')
        from ${r} where ${r.ocid} = ${t}.ocid and ${r.releaseId} = ${t}.release_id)`,
    })
    .from(t)
    .where(eq(t.id, sql.placeholder('id')))
    .prepare('external_tender_by_id');
});

/** One live-feed tender as `userId` sees it, and its release's parties (null when not kept). */
export async function findTender(
  db: Db,
  userId: string,
  id: string,
): Promise<{ row: TenderView; parties: unknown } | null> {
  const [found] = await tenderByIdStatement(db).execute({ userId, id });
  if (!found) return null;
  const { parties, ...row } = found;
  return { row, parties: parties ?? null };
}

export async function tenderExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
  return row !== undefined;
}

export async function addFavourite(db: DbOrTx, userId: string, tenderId: string): Promise<void> {
  await db.insert(externalTenderFavourites).values({ userId, tenderId }).onConflictDoNothing();
}

export async function removeFavourite(db: DbOrTx, userId: string, tenderId: string): Promise<void> {
  await db
    .delete(externalTenderFavourites)
    .where(and(eq(externalTenderFavourites.userId, userId), eq(externalTenderFavourites.tenderId, tenderId)));
}

// Which notices of a page the caller has favourited: a search's page is kept for everyone who
// asks the same (external-tenders.service.ts), and this one small read makes it the caller's.
const favouritedAmongStatement = preparedPerDb((db) =>
  db
    .select({ id: externalTenderFavourites.tenderId })
    .from(externalTenderFavourites)
    .where(
      and(
        eq(externalTenderFavourites.userId, sql.placeholder('userId')),
        sql`${externalTenderFavourites.tenderId} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    )
    .prepare('external_favourited_among'),
);

/** The notices among `ids` that `userId` has favourited. */
export async function favouritedAmong(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await favouritedAmongStatement(db).execute({ userId, ids: `{${ids.join(',')}}` });
  return new Set(rows.map((r) => r.id));
}

// A supplier's favourites tab, prepared once (planning cost more than running, on every visit).
const favouriteStatements = preparedPerHandle((db) => {
  const userId = sql.placeholder('userId');
  const mine = eq(externalTenderFavourites.userId, userId);
  return {
    page: db
      .select(columns(userId))
      .from(t)
      .innerJoin(externalTenderFavourites, and(eq(externalTenderFavourites.tenderId, t.id), mine))
      .orderBy(desc(externalTenderFavourites.createdAt), asc(t.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('external_favourites_page'),
    count: db.select({ n: count() }).from(externalTenderFavourites).where(mine).prepare('external_favourites_count'),
  };
});

export async function listFavourites(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const st = favouriteStatements(db);
  const [rows, [total]] = await Promise.all([
    st.page.execute({ userId, limit: pageSize, offset: (page - 1) * pageSize }),
    st.count.execute({ userId }),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** CPV codes and places of the tenders a supplier has favourited (a signal for "top"). */
export async function favouriteSignals(db: DbOrTx, userId: string) {
  return db
    .select({ cpvCodes: t.cpvCodes, location: t.location })
    .from(t)
    .innerJoin(
      externalTenderFavourites,
      and(eq(externalTenderFavourites.tenderId, t.id), eq(externalTenderFavourites.userId, userId)),
    )
    .orderBy(desc(externalTenderFavourites.createdAt))
    .limit(50);
}

// Saved searches.
export type SavedSearchRow = typeof externalTenderSavedSearches.$inferSelect;
const ss = externalTenderSavedSearches;

// Read on every visit of the live feed's saved searches and for "Top for you": prepared once, as
// planning it took three times as long as running it.
const savedSearchesStatement = preparedPerHandle((db) =>
  db
    .select()
    .from(ss)
    .where(eq(ss.userId, sql.placeholder('userId')))
    .orderBy(desc(ss.createdAt), asc(ss.id))
    .prepare('saved_searches_of'),
);

export function listSavedSearches(db: DbOrTx, userId: string) {
  return savedSearchesStatement(db).execute({ userId });
}

export async function countSavedSearches(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ss).where(eq(ss.userId, userId));
  return row?.n ?? 0;
}

export async function insertSavedSearch(
  db: DbOrTx,
  values: { userId: string; name: string; criteria: unknown; emailAlerts: boolean },
): Promise<SavedSearchRow> {
  const [row] = await db.insert(ss).values(values).returning();
  return row!;
}

export async function updateSavedSearch(
  db: DbOrTx,
  userId: string,
  id: string,
  values: { name: string; criteria: unknown; emailAlerts: boolean },
): Promise<SavedSearchRow | null> {
  const [row] = await db
    .update(ss)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ss.id, id), eq(ss.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteSavedSearch(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(ss)
    .where(and(eq(ss.id, id), eq(ss.userId, userId)))
    .returning({ id: ss.id });
  return rows.length > 0;
}

/** Saved searches of suppliers who may use the live feed now (approved, subscribed on Growth or Partner). */
export function alertableSavedSearches(db: DbOrTx) {
  return db
    .select({
      id: ss.id,
      userId: ss.userId,
      name: ss.name,
      criteria: ss.criteria,
      emailAlerts: ss.emailAlerts,
      email: users.email,
      firstName: users.firstName,
    })
    .from(ss)
    .innerJoin(users, eq(users.id, ss.userId))
    .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(
      and(
        eq(users.role, 'supplier'),
        eq(users.approved, true),
        sql`${users.deletedAt} is null`,
        activeSubscriptionSql,
        inArray(subscriptions.plan, ['GROWTH', 'PARTNER']),
      ),
    );
}

/** Titles of `ids` in that order (ids the search engine ranked). */
export async function titlesOf(db: DbOrTx, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: t.id, title: t.title })
    .from(t)
    .where(inArray(t.id, [...ids]))
    .orderBy(sql`array_position(${`{${ids.join(',')}}`}::uuid[], ${t.id})`);
}

export async function matchingIds(db: DbOrTx, f: SearchFilters, limit: number) {
  return db
    .select({ id: t.id, title: t.title })
    .from(t)
    .where(and(...conditions(f)))
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function markAlerted(db: DbOrTx, id: string): Promise<void> {
  await db.update(ss).set({ lastAlertAt: new Date() }).where(eq(ss.id, id));
}

/** Serialises concurrent creates by one user inside their transaction, so the cap holds. */
export async function lockUserSavedSearches(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${userId}`}))`);
}
