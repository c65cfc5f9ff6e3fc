import { and, asc, count, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  columnsAs,
  filterShape,
  literalValues,
  preparedPagePerShape,
  rowsByText,
  type Bind,
  type Db,
  type DbOrTx,
  type Slice,
} from '../../db/client.ts';
import { isRanked, rankedIds, rankOrder } from '../../db/ranked.ts';
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

const itemById = rowsByText<CatalogueWithCompany>(
  'catalogue_item_by_id',
  `select ${columnsAs(catalogueItems, 'c')}, u.company_name as "companyName"
     from catalogue_items c join users u on u.id = c.user_id
    where c.id = $1`,
);

/** One item with its owner's company: every item screen reads it, so the statement is prepared once. */
export async function findItem(db: Db, id: string): Promise<CatalogueWithCompany | undefined> {
  const [row] = await itemById(db, [id]);
  return row;
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
export const filterSql = (f: CatalogueFilter): SQL | undefined => whereOf(f, literalValues);

/** The condition for the filters set in `f`, with their values bound by `v`. */
function whereOf(f: CatalogueFilter, v: Bind): SQL | undefined {
  const c: Array<SQL | undefined> = [];
  if (f.ownerId) c.push(eq(catalogueItems.userId, v.value('ownerId', f.ownerId)));
  if (f.ids) c.push(sql`${catalogueItems.id} = any(${v.array('ids', f.ids)})`);
  if (f.category) c.push(eq(catalogueItems.category, v.value('category', f.category)));
  if (f.subcategory)
    c.push(sql`${catalogueItems.subcategories} @> array[${v.value('subcategory', f.subcategory)}]::text[]`);
  if (f.region) c.push(eq(catalogueItems.region, v.value('region', f.region)));
  if (f.availability) c.push(eq(catalogueItems.availability, v.value('availability', f.availability)));
  if (f.minPricePence !== undefined) c.push(gte(catalogueItems.valuePence, v.value('minPricePence', f.minPricePence)));
  if (f.maxPricePence !== undefined) c.push(lte(catalogueItems.valuePence, v.value('maxPricePence', f.maxPricePence)));
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

/** A sort's order; relevance with no words to rank by is newest first. */
const orderOf = (sort: CatalogueSort): SQL[] => ORDER[sort === 'relevance' ? 'newest' : sort];

function selectPage(db: DbOrTx, f: CatalogueFilter, sort: CatalogueSort, slice: Slice, v: Bind) {
  const columns = { c: catalogueItems, companyName: users.companyName, ...listStateColumns('catalogue_items') };
  // The search engine's order (db/ranked.ts).
  const read =
    sort === 'relevance' && f.ids
      ? db
          .select(columns)
          .from(rankedIds(v.array('ids', f.ids)))
          .innerJoin(catalogueItems, isRanked(catalogueItems.id))
          .where(whereOf({ ...f, ids: undefined }, v))
          .orderBy(rankOrder)
      : db
          .select(columns)
          .from(catalogueItems)
          .where(whereOf(f, v))
          .orderBy(...orderOf(sort));
  return read
    .innerJoin(users, eq(users.id, catalogueItems.userId))
    .limit(v.value('limit', slice.limit))
    .offset(v.value('offset', slice.offset));
}

/**
 * A page's statement per shape of filter and sort (the catalogue lists are read on every visit), the
 * first page apart, so that PostgreSQL keeps its plan (db/client.ts, FIRST_PAGE).
 */
const pageStatement = preparedPagePerShape(
  'catalogue_page',
  ({ f, sort }: { f: CatalogueFilter; sort: CatalogueSort }) => filterShape(f, sort),
  (db, { f, sort }, slice, v) => selectPage(db, f, sort, slice, v),
);

/**
 * One page of items, with the catalogue's list state read in the same statement: a count kept at
 * that version is this page's exact total (db/exact-counts.ts). State is null for an empty page.
 */
export async function listItems(
  db: Db,
  filter: CatalogueFilter,
  page: { page: number; pageSize: number; sort: CatalogueSort },
): Promise<{ rows: CatalogueWithCompany[]; state: ListState | null }> {
  const slice: Slice = { limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const prepared = pageStatement(db, { f: filter, sort: page.sort }, slice);
  const rows = prepared
    ? await prepared.execute({ ...filter, ...slice })
    : await selectPage(db, filter, page.sort, slice, literalValues);
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
    .where(whereOf(filter, literalValues));
  return { total: row?.n ?? 0, version: row?.listVersion ?? -1, validUntil: null, at: row?.listNow };
}
