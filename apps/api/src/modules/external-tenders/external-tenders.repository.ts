import { and, asc, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedPerDb, type Db, type DbOrTx } from '../../db/client.ts';
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
import { CURRENCY_EXPONENTS } from './ocds-mapper.ts';
import { containsPattern } from '../../db/like.ts';

const t = externalTenders;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const textArray = (values: readonly string[]) => sql`array[${list(values)}]::text[]`;

/** Still taking bids: active, and the deadline (when there is one) is in the future. */
export const isOpenSql = sql<boolean>`(${t.tenderStatus} = 'active' and (${t.tenderEndDate} is null or ${t.tenderEndDate} > now()))`;

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

/** Every filter but the words, which the search engine applies (its candidates come back as `ids`). */
export function conditions(f: SearchFilters, omit?: 'status' | 'cpv' | 'location'): SQL[] {
  const where: SQL[] = [];
  if (f.status && omit !== 'status') where.push(sql`${statusSql} = ${f.status}`);
  if (f.minValue !== undefined) where.push(sql`${amountMajorSql} >= ${f.minValue}`);
  if (f.maxValue !== undefined) where.push(sql`${amountMajorSql} <= ${f.maxValue}`);
  if (f.location && omit !== 'location') where.push(sql`${t.location} ilike ${containsPattern(f.location)}`);
  if (f.cpv?.length && omit !== 'cpv') {
    where.push(
      sql`exists (select 1 from unnest(${t.cpvCodes}) c where c like any (${textArray(f.cpv.map((p) => `${p}%`))}))`,
    );
  }
  if (f.closingFrom) where.push(sql`${t.tenderEndDate} >= ${f.closingFrom.toISOString()}`);
  if (f.closingBefore) where.push(sql`${t.tenderEndDate} < ${f.closingBefore.toISOString()}`);
  // The engine's results (up to 500 ids) as one array parameter: the page, its count and the three
  // facets each carry them, and 500 parameters apiece cost more to build than the statements run.
  if (f.ids) where.push(sql`${t.id} = any(${`{${f.ids.join(',')}}`}::uuid[])`);
  return where;
}

/** The filters as one condition (undefined when none), for the search engine. */
export const filterSql = (f: SearchFilters): SQL | undefined => and(...conditions(f));

const columns = (userId: string | Placeholder) => ({
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
  isFavourited: sql<boolean>`exists (select 1 from ${externalTenderFavourites} f where f.tender_id = ${t.id} and f.user_id = ${userId})`,
});
// Only its type is used: the row shape of a tender read.
const _tenderQuery = (db: DbOrTx, userId: string) => db.select(columns(userId)).from(t);
export type TenderView = Awaited<ReturnType<typeof _tenderQuery>>[number];

export type SearchSort = 'relevance' | 'newest' | 'closing';

function orderBy(sort: SearchSort): SQL[] {
  if (sort === 'closing') {
    // Soonest deadline still ahead first, then tenders with no deadline, then the most recently closed.
    return [
      sql`(${t.tenderEndDate} > now()) desc nulls last`,
      sql`case when ${t.tenderEndDate} > now() then ${t.tenderEndDate} end asc nulls last`,
      sql`${t.tenderEndDate} desc nulls last`,
      desc(t.date),
      asc(t.id),
    ];
  }
  return [desc(t.date), asc(t.id)];
}

/** One page of the tenders the filters let through, in `sort` order. */
export function tenderPage(
  db: DbOrTx,
  userId: string,
  f: SearchFilters,
  sort: SearchSort,
  page: number,
  pageSize: number,
): Promise<TenderView[]> {
  const read =
    sort === 'relevance' && f.ids?.length
      ? db
          .select(columns(userId))
          .from(rankedIds(`{${f.ids.join(',')}}`))
          .innerJoin(t, isRanked(t.id))
          .where(and(...conditions({ ...f, ids: undefined })))
          .orderBy(rankOrder)
      : db
          .select(columns(userId))
          .from(t)
          .where(and(...conditions(f)))
          .orderBy(...orderBy(sort));
  return read.limit(pageSize).offset((page - 1) * pageSize);
}

/** A page of tenders and how many the filters let through in all. */
export async function searchTenders(
  db: DbOrTx,
  userId: string,
  f: SearchFilters,
  sort: SearchSort,
  page: number,
  pageSize: number,
): Promise<{ rows: TenderView[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    tenderPage(db, userId, f, sort, page, pageSize),
    db
      .select({ n: count() })
      .from(t)
      .where(and(...conditions(f))),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Facet counts over the matching tenders; each facet ignores its own filter so its options stay visible. */
export async function facetCounts(db: DbOrTx, f: SearchFilters) {
  const [status, cpv, locations] = await Promise.all([
    db
      .select({ value: statusSql, count: count() })
      .from(t)
      .where(and(...conditions(f, 'status')))
      .groupBy(statusSql)
      .orderBy(desc(count())),
    db
      .select({ value: sql<string>`d.division`, count: sql<number>`count(*)::int` })
      .from(t)
      .innerJoin(sql`lateral (select distinct left(c, 2) as division from unnest(${t.cpvCodes}) c) d`, sql`true`)
      .where(and(...conditions(f, 'cpv')))
      .groupBy(sql`d.division`)
      .orderBy(sql`count(*) desc`, sql`d.division`)
      .limit(10),
    db
      .select({ value: sql<string>`l.place`, count: sql<number>`count(*)::int` })
      .from(t)
      .innerJoin(
        sql`lateral (select distinct trim(p) as place from unnest(string_to_array(${t.location}, ', ')) p) l`,
        sql`true`,
      )
      .where(and(...conditions(f, 'location')))
      .groupBy(sql`l.place`)
      .orderBy(sql`count(*) desc`, sql`l.place`)
      .limit(10),
  ]);
  return { status, cpv, locations };
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
    .orderBy(sql`${isOpenSql} desc`, sql`(${sql.join(score, sql` + `)}) desc`, desc(t.date), asc(t.id))
    .limit(limit);
  return rows;
}

const tenderByIdStatement = preparedPerDb((db) =>
  db
    .select(columns(sql.placeholder('userId')))
    .from(t)
    .where(eq(t.id, sql.placeholder('id')))
    .prepare('external_tender_by_id'),
);

/** One live-feed tender as `userId` sees it: the detail screen's read, prepared once. */
export async function findTender(db: Db, userId: string, id: string): Promise<TenderView | null> {
  const [row] = await tenderByIdStatement(db).execute({ userId, id });
  return row ?? null;
}

/**
 * The buyer and parties of the release a tender was compiled from (the rest of the raw release
 * is left in the database): where the buyer's contact point is published.
 */
export async function releasePartiesOf(db: DbOrTx, tenderId: string): Promise<unknown> {
  const r = externalTenderReleases;
  const [row] = await db
    .select({ parties: sql<unknown>`json_build_object('buyer', ${r.raw}->'buyer', 'parties', ${r.raw}->'parties')` })
    .from(t)
    .innerJoin(r, and(eq(r.ocid, t.ocid), eq(r.releaseId, t.releaseId)))
    .where(eq(t.id, tenderId));
  return row?.parties ?? null;
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

export async function listFavourites(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const where = eq(externalTenderFavourites.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns(userId))
      .from(t)
      .innerJoin(externalTenderFavourites, and(eq(externalTenderFavourites.tenderId, t.id), where))
      .orderBy(desc(externalTenderFavourites.createdAt), asc(t.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(externalTenderFavourites).where(where),
  ]);
  return { rows: rows, total: total?.n ?? 0 };
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

export function listSavedSearches(db: DbOrTx, userId: string) {
  return db.select().from(ss).where(eq(ss.userId, userId)).orderBy(desc(ss.createdAt), asc(ss.id));
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
    .orderBy(desc(t.date))
    .limit(limit);
}

export async function markAlerted(db: DbOrTx, id: string): Promise<void> {
  await db.update(ss).set({ lastAlertAt: new Date() }).where(eq(ss.id, id));
}

/** Serialises concurrent creates by one user inside their transaction, so the cap holds. */
export async function lockUserSavedSearches(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${userId}`}))`);
}
