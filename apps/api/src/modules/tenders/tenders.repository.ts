import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TenderStatus } from '@brickyard/shared';
import { preparedPerDb, type Db, type DbOrTx } from '../../db/client.ts';
import { listStateColumns, type Counted, type ListState } from '../../db/exact-counts.ts';
import { tenders, users } from '../../db/schema/index.ts';

export type TenderRow = typeof tenders.$inferSelect;
export type NewTender = typeof tenders.$inferInsert;
export type TenderWithCompany = TenderRow & { companyName: string };

export async function insertTender(db: DbOrTx, values: NewTender): Promise<TenderRow> {
  const [row] = await db.insert(tenders).values(values).returning();
  return row!;
}

const tenderByIdStatement = preparedPerDb((db) =>
  db
    .select({ t: tenders, companyName: users.companyName })
    .from(tenders)
    .innerJoin(users, eq(users.id, tenders.userId))
    .where(eq(tenders.id, sql.placeholder('id')))
    .limit(1)
    .prepare('tender_by_id'),
);

/** One tender with its owner's company: every tender screen reads it, so the statement is prepared once. */
export async function findTender(db: Db, id: string): Promise<TenderWithCompany | undefined> {
  const [row] = await tenderByIdStatement(db).execute({ id });
  return row ? { ...row.t, companyName: row.companyName } : undefined;
}

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
export const filterSql = (f: TenderFilter): SQL | undefined => whereOf(f);

function whereOf(f: TenderFilter): SQL | undefined {
  const c: Array<SQL | undefined> = [];
  if (f.ownerId) c.push(eq(tenders.userId, f.ownerId));
  if (f.awardedTo) c.push(eq(tenders.awardedSupplierId, f.awardedTo));
  if (f.statuses) c.push(f.statuses.length ? inArray(tenders.status, [...f.statuses]) : sql`false`);
  if (f.openForResponses) c.push(or(isNull(tenders.deadline), sql`${tenders.deadline} > now()`));
  if (f.ids) c.push(f.ids.length ? inArray(tenders.id, [...f.ids]) : sql`false`);
  if (f.category) c.push(eq(tenders.category, f.category));
  if (f.subcategory) c.push(sql`${tenders.subcategories} @> array[${f.subcategory}]::text[]`);
  if (f.region) c.push(eq(tenders.region, f.region));
  if (f.availability) c.push(eq(tenders.availability, f.availability));
  if (f.minBudgetPence !== undefined) c.push(gte(tenders.budgetPence, f.minBudgetPence));
  if (f.maxBudgetPence !== undefined) c.push(lte(tenders.budgetPence, f.maxBudgetPence));
  if (f.closingBefore) c.push(lte(tenders.deadline, f.closingBefore));
  return and(...c);
}

const ORDER: Record<Exclude<TenderSort, 'relevance'>, SQL[]> = {
  newest: [desc(tenders.createdAt), desc(tenders.id)],
  oldest: [asc(tenders.createdAt), asc(tenders.id)],
  budget_asc: [sql`${tenders.budgetPence} asc nulls last`, desc(tenders.createdAt), desc(tenders.id)],
  budget_desc: [sql`${tenders.budgetPence} desc nulls last`, desc(tenders.createdAt), desc(tenders.id)],
  closing_soon: [sql`${tenders.deadline} asc nulls last`, desc(tenders.createdAt), desc(tenders.id)],
};

/** The search engine's order: each id's position in the ranked list. */
const rankedOrder = (ids: readonly string[] | undefined): SQL[] =>
  ids?.length ? [sql`array_position(${`{${ids.join(',')}}`}::uuid[], ${tenders.id})`] : ORDER.newest;

/**
 * One page of tenders, with the tenders' list state read in the same statement: a count kept at
 * that version (and before its valid-until) is this page's exact total (db/exact-counts.ts).
 * State is null for an empty page.
 */
export async function listTenders(
  db: DbOrTx,
  filter: TenderFilter,
  page: { page: number; pageSize: number; sort: TenderSort },
): Promise<{ rows: TenderWithCompany[]; state: ListState | null }> {
  const rows = await db
    .select({ t: tenders, companyName: users.companyName, ...listStateColumns('tenders') })
    .from(tenders)
    .innerJoin(users, eq(users.id, tenders.userId))
    .where(whereOf(filter))
    .orderBy(...(page.sort === 'relevance' ? rankedOrder(filter.ids) : ORDER[page.sort]))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
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
    .where(whereOf(filter));
  return { total: row?.n ?? 0, version: row?.listVersion ?? -1, validUntil: row?.firstDeadline ?? null };
}

export async function tenderStats(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      status: tenders.status,
      n: count(),
      budget: sql<number>`coalesce(sum(${tenders.budgetPence}), 0)::bigint`,
      closingSoon: sql<number>`count(*) filter (where ${tenders.status} = 'active' and ${tenders.deadline} between now() and now() + interval '7 days')::int`,
    })
    .from(tenders)
    .where(eq(tenders.userId, userId))
    .groupBy(tenders.status);
  return rows;
}
