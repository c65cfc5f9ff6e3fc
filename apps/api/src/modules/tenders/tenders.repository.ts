import { and, asc, count, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { tenderWithCompany, type TenderWithCompany } from '../../db/tender-reads.ts';
import type { TenderStatus } from '@brickyard/shared';
import {
  filterShape,
  literalValues,
  preparedPerHandle,
  preparedPagePerShape,
  type Bind,
  type Db,
  type DbOrTx,
  type Slice,
} from '../../db/client.ts';
import { closingSoonOrder, openTenderSql } from '../../db/open-notice-sql.ts';
import { isRanked, rankedIds, rankOrder } from '../../db/ranked.ts';
import { listStateColumns, type Counted, type ListState } from '../../db/exact-counts.ts';
import { tenders, users } from '../../db/schema/index.ts';

export type TenderRow = typeof tenders.$inferSelect;
export type NewTender = typeof tenders.$inferInsert;
export type { TenderWithCompany };

export async function insertTender(db: DbOrTx, values: NewTender): Promise<TenderRow> {
  const [row] = await db.insert(tenders).values(values).returning();
  return row!;
}

/** One tender with its owner's company: every tender screen reads it (db/tender-reads.ts). */
export const findTender = tenderWithCompany;

export async function lockTender(db: DbOrTx, id: string): Promise<TenderRow | undefined> {
  const [row] = await db.select().from(tenders).where(eq(tenders.id, id)).for('update').limit(1);
  return row;
}

export async function updateTender(db: DbOrTx, id: string, set: Partial<NewTender>): Promise<TenderRow> {
  const [row] = await db
    .update(tenders)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(tenders.id, id))
    .returning();
  return row!;
}

export async function deleteTender(db: DbOrTx, id: string): Promise<void> {
  await db.delete(tenders).where(eq(tenders.id, id));
}

export interface TenderFilter {
  ownerId?: string;
  awardedTo?: string;
  statuses?: readonly TenderStatus[];
  /** only tenders still taking responses: no deadline, or one in the future */
  openForResponses?: boolean;
  /** only these rows: the search engine's results for the words */
  ids?: readonly string[];
  category?: string;
  subcategory?: string;
  region?: string;
  availability?: 'available' | 'limited' | 'other';
  minBudgetPence?: number;
  maxBudgetPence?: number;
  closingBefore?: Date;
}

export type TenderSort = 'relevance' | 'newest' | 'oldest' | 'budget_asc' | 'budget_desc' | 'closing_soon';

/** The filters as one condition, for the search engine (which ranks by the words and passes back `ids`). */
export const filterSql = (f: TenderFilter): SQL | undefined => whereOf(f, literalValues);

/** The condition for the filters set in `f`, with their values bound by `v`. */
function whereOf(f: TenderFilter, v: Bind): SQL | undefined {
  const c: Array<SQL | undefined> = [];
  if (f.ownerId) c.push(eq(tenders.userId, v.value('ownerId', f.ownerId)));
  if (f.awardedTo) c.push(eq(tenders.awardedSupplierId, v.value('awardedTo', f.awardedTo)));
  // One status is an equality, so the newest-first lists walk tenders_status_created_idx in order
  // (`= any(array)` would read every row of that status and sort them: 3 ms against 100 ms at 20k).
  if (f.statuses?.length === 1) c.push(eq(tenders.status, v.value('onlyStatus', f.statuses[0]!)));
  else if (f.statuses) c.push(sql`${tenders.status} = any(${v.array('statuses', f.statuses)})`);
  if (f.openForResponses) c.push(or(isNull(tenders.deadline), sql`${tenders.deadline} > now()`));
  if (f.ids) c.push(sql`${tenders.id} = any(${v.array('ids', f.ids)})`);
  if (f.category) c.push(eq(tenders.category, v.value('category', f.category)));
  if (f.subcategory) c.push(sql`${tenders.subcategories} @> array[${v.value('subcategory', f.subcategory)}]::text[]`);
  if (f.region) c.push(eq(tenders.region, v.value('region', f.region)));
  if (f.availability) c.push(eq(tenders.availability, v.value('availability', f.availability)));
  if (f.minBudgetPence !== undefined) c.push(gte(tenders.budgetPence, v.value('minBudgetPence', f.minBudgetPence)));
  if (f.maxBudgetPence !== undefined) c.push(lte(tenders.budgetPence, v.value('maxBudgetPence', f.maxBudgetPence)));
  if (f.closingBefore) c.push(lte(tenders.deadline, v.value('closingBefore', f.closingBefore)));
  return and(...c);
}

const ORDER: Record<Exclude<TenderSort, 'relevance'>, SQL[]> = {
  newest: [desc(tenders.createdAt), desc(tenders.id)],
  oldest: [asc(tenders.createdAt), asc(tenders.id)],
  budget_asc: [sql`${tenders.budgetPence} asc nulls last`, desc(tenders.createdAt), desc(tenders.id)],
  budget_desc: [sql`${tenders.budgetPence} desc nulls last`, desc(tenders.createdAt), desc(tenders.id)],
  closing_soon: [sql`${tenders.deadline} asc nulls last`, desc(tenders.createdAt), desc(tenders.id)],
};

/**
 * "Closing soonest" over a list that may hold tenders no longer taking bids (a buyer's own, with
 * closed, awarded or past-deadline ones): those go after the open ones, as every list sorted by it
 * orders them (db/open-notice-sql.ts). A list of open tenders only keeps the plain deadline order,
 * as before: there the two are the same.
 */
const CLOSING_SOON_OVER_ANY: SQL[] = [
  ...closingSoonOrder(sql`(${openTenderSql('tenders')})`, sql`${tenders.deadline}`),
  desc(tenders.createdAt),
  desc(tenders.id),
];

/** A sort's order; relevance with no words to rank by is newest first. */
const orderOf = (sort: TenderSort, f: TenderFilter): SQL[] =>
  sort === 'closing_soon' && !f.openForResponses
    ? CLOSING_SOON_OVER_ANY
    : ORDER[sort === 'relevance' ? 'newest' : sort];

/** A page of tenders as one select (exported for the plan test: tenders.plans.test.ts). */
export function selectPage(db: DbOrTx, f: TenderFilter, sort: TenderSort, slice: Slice, v: Bind) {
  const columns = { t: tenders, companyName: users.companyName, ...listStateColumns('tenders') };
  // The search engine's order (db/ranked.ts).
  const read =
    sort === 'relevance' && f.ids
      ? db
          .select(columns)
          .from(rankedIds(v.array('ids', f.ids)))
          .innerJoin(tenders, isRanked(tenders.id))
          .where(whereOf({ ...f, ids: undefined }, v))
          .orderBy(rankOrder)
      : db
          .select(columns)
          .from(tenders)
          .where(whereOf(f, v))
          .orderBy(...orderOf(sort, f));
  return read
    .innerJoin(users, eq(users.id, tenders.userId))
    .limit(v.value('limit', slice.limit))
    .offset(v.value('offset', slice.offset));
}

/**
 * A page's statement per shape of filter and sort (the tender lists are read on every visit), the
 * first page apart, so that PostgreSQL keeps its plan (db/client.ts, FIRST_PAGE).
 */
const pageStatement = preparedPagePerShape(
  'tenders_page',
  ({ f, sort }: { f: TenderFilter; sort: TenderSort }) => filterShape(f, sort),
  (db, { f, sort }, slice, v) => selectPage(db, f, sort, slice, v),
);

/**
 * One page of tenders, with the tenders' list state read in the same statement: a count kept at
 * that version (and before its valid-until) is this page's exact total (db/exact-counts.ts).
 * State is null for an empty page.
 */
export async function listTenders(
  db: Db,
  filter: TenderFilter,
  page: { page: number; pageSize: number; sort: TenderSort },
): Promise<{ rows: TenderWithCompany[]; state: ListState | null }> {
  const slice: Slice = { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const prepared = pageStatement(db, { f: filter, sort: page.sort }, slice);
  const rows = prepared
    ? await prepared.execute({ ...filter, onlyStatus: filter.statuses?.[0], ...slice })
    : await selectPage(db, filter, page.sort, slice, literalValues);
  const first = rows[0];
  return {
    rows: rows.map((r) => ({ ...r.t, companyName: r.companyName })),
    state: first ? { version: first.listVersion, now: first.listNow } : null,
  };
}

/**
 * The exact number of tenders the filter lets through, and the version it was counted at. A count
 * of tenders open for responses also falls, with no write, when a counted deadline passes: it is
 * exact only until the earliest deadline among the rows it counted.
 */
export async function countTenders(db: DbOrTx, filter: TenderFilter): Promise<Counted> {
  const [row] = await db
    .select({
      n: count(),
      firstDeadline: filter.openForResponses
        ? sql<Date | null>`min(${tenders.deadline})`.mapWith(tenders.deadline)
        : sql<null>`null`,
      ...listStateColumns('tenders'),
    })
    .from(tenders)
    .where(whereOf(filter, literalValues));
  return {
    total: row?.n ?? 0,
    version: row?.listVersion ?? -1,
    validUntil: row?.firstDeadline ?? null,
    at: row?.listNow,
  };
}

// Prepared once: the buyer's dashboard reads it on every visit.
const tenderStatsStatement = preparedPerHandle((db) =>
  db
    .select({
      status: tenders.status,
      n: count(),
      budget: sql<number>`coalesce(sum(${tenders.budgetPence}), 0)::bigint`,
      closingSoon: sql<number>`count(*) filter (where ${tenders.status} = 'active' and ${tenders.deadline} between now() and now() + interval '7 days')::int`,
    })
    .from(tenders)
    .where(eq(tenders.userId, sql.placeholder('userId')))
    .groupBy(tenders.status)
    .prepare('tender_stats'),
);

export function tenderStats(db: DbOrTx, userId: string) {
  return tenderStatsStatement(db).execute({ userId });
}
