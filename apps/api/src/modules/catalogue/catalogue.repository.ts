import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { preparedPerDb, type Db, type DbOrTx } from '../../db/client.ts';
import { listStateColumns, type Counted, type ListState } from '../../db/exact-counts.ts';
import { catalogueItems, catalogueItemViews, users } from '../../db/schema/index.ts';

export type CatalogueRow = typeof catalogueItems.$inferSelect;
export type NewCatalogueItem = typeof catalogueItems.$inferInsert;
export type CatalogueWithCompany = CatalogueRow & { companyName: string };

export async function insertItem(db: DbOrTx, values: NewCatalogueItem): Promise<CatalogueRow> {
  const [row] = await db.insert(catalogueItems).values(values).returning();
  return row!;
}

/** Inserts in chunks (PostgreSQL caps bind parameters per statement); answers the new ids in order. */
export async function insertItems(db: DbOrTx, values: NewCatalogueItem[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const rows = await db
      .insert(catalogueItems)
      .values(values.slice(i, i + 500))
      .returning({ id: catalogueItems.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

const itemByIdStatement = preparedPerDb((db) =>
  db
    .select({ c: catalogueItems, companyName: users.companyName })
    .from(catalogueItems)
    .innerJoin(users, eq(users.id, catalogueItems.userId))
    .where(eq(catalogueItems.id, sql.placeholder('id')))
    .limit(1)
    .prepare('catalogue_item_by_id'),
);

/** One item with its owner's company: every item screen reads it, so the statement is prepared once. */
export async function findItem(db: Db, id: string): Promise<CatalogueWithCompany | undefined> {
  const [row] = await itemByIdStatement(db).execute({ id });
  return row ? { ...row.c, companyName: row.companyName } : undefined;
}

/** One view of an item's detail: a second view by the same viewer the same UTC day changes nothing. */
export async function recordView(db: DbOrTx, catalogueItemId: string, viewerId: string): Promise<void> {
  await db.insert(catalogueItemViews).values({ catalogueItemId, viewerId }).onConflictDoNothing();
}

export async function lockItem(db: DbOrTx, id: string): Promise<CatalogueRow | undefined> {
  const [row] = await db.select().from(catalogueItems).where(eq(catalogueItems.id, id)).for('update').limit(1);
  return row;
}

export async function updateItem(db: DbOrTx, id: string, set: Partial<NewCatalogueItem>): Promise<CatalogueRow> {
  const [row] = await db
    .update(catalogueItems)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(catalogueItems.id, id))
    .returning();
  return row!;
}

export async function deleteItem(db: DbOrTx, id: string): Promise<void> {
  await db.delete(catalogueItems).where(eq(catalogueItems.id, id));
}

export interface CatalogueFilter {
  ownerId?: string;
  /** only these rows: the search engine's results for the words */
  ids?: readonly string[];
  category?: string;
  subcategory?: string;
  region?: string;
  availability?: 'available' | 'limited' | 'other';
  minPricePence?: number;
  maxPricePence?: number;
  inStock?: boolean;
}
export type CatalogueSort = 'relevance' | 'newest' | 'oldest' | 'price_asc' | 'price_desc';

/** The filters as one condition, for the search engine (which ranks by the words and passes back `ids`). */
export const filterSql = (f: CatalogueFilter): SQL | undefined => whereOf(f);

function whereOf(f: CatalogueFilter): SQL | undefined {
  const c: Array<SQL | undefined> = [];
  if (f.ownerId) c.push(eq(catalogueItems.userId, f.ownerId));
  if (f.ids) c.push(f.ids.length ? inArray(catalogueItems.id, [...f.ids]) : sql`false`);
  if (f.category) c.push(eq(catalogueItems.category, f.category));
  if (f.subcategory) c.push(sql`${catalogueItems.subcategories} @> array[${f.subcategory}]::text[]`);
  if (f.region) c.push(eq(catalogueItems.region, f.region));
  if (f.availability) c.push(eq(catalogueItems.availability, f.availability));
  if (f.minPricePence !== undefined) c.push(gte(catalogueItems.valuePence, f.minPricePence));
  if (f.maxPricePence !== undefined) c.push(lte(catalogueItems.valuePence, f.maxPricePence));
  if (f.inStock === true) c.push(gt(catalogueItems.quantity, 0));
  if (f.inStock === false) c.push(sql`coalesce(${catalogueItems.quantity}, 0) <= 0`);
  return and(...c);
}

const ORDER: Record<Exclude<CatalogueSort, 'relevance'>, SQL[]> = {
  newest: [desc(catalogueItems.createdAt), desc(catalogueItems.id)],
  oldest: [asc(catalogueItems.createdAt), asc(catalogueItems.id)],
  price_asc: [
    sql`${catalogueItems.valuePence} asc nulls last`,
    desc(catalogueItems.createdAt),
    desc(catalogueItems.id),
  ],
  price_desc: [
    sql`${catalogueItems.valuePence} desc nulls last`,
    desc(catalogueItems.createdAt),
    desc(catalogueItems.id),
  ],
};

/** The search engine's order: each id's position in the ranked list. */
const rankedOrder = (ids: readonly string[] | undefined): SQL[] =>
  ids?.length ? [sql`array_position(${`{${ids.join(',')}}`}::uuid[], ${catalogueItems.id})`] : ORDER.newest;

/**
 * One page of items, with the catalogue's list state read in the same statement: a count kept at
 * that version is this page's exact total (db/exact-counts.ts). State is null for an empty page.
 */
export async function listItems(
  db: DbOrTx,
  filter: CatalogueFilter,
  page: { page: number; pageSize: number; sort: CatalogueSort },
): Promise<{ rows: CatalogueWithCompany[]; state: ListState | null }> {
  const rows = await db
    .select({ c: catalogueItems, companyName: users.companyName, ...listStateColumns('catalogue_items') })
    .from(catalogueItems)
    .innerJoin(users, eq(users.id, catalogueItems.userId))
    .where(whereOf(filter))
    .orderBy(...(page.sort === 'relevance' ? rankedOrder(filter.ids) : ORDER[page.sort]))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const first = rows[0];
  return {
    rows: rows.map((r) => ({ ...r.c, companyName: r.companyName })),
    state: first ? { version: first.listVersion, now: first.listNow } : null,
  };
}

/** The exact number of items the filter lets through, and the version it was counted at. */
export async function countItems(db: DbOrTx, filter: CatalogueFilter): Promise<Counted> {
  const [row] = await db
    .select({ n: count(), ...listStateColumns('catalogue_items') })
    .from(catalogueItems)
    .where(whereOf(filter));
  return { total: row?.n ?? 0, version: row?.listVersion ?? -1, validUntil: null };
}
