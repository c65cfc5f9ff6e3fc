import { tenderVisibilityColumns, viewerSeesAllOfTender } from '../../db/tender-reads.ts';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContractStatus } from '@brickyard/shared';
import { preparedPerHandle, type DbOrTx } from '../../db/client.ts';
import { catalogueItems, contracts, reviews, tenders, users } from '../../db/schema/index.ts';

export type ContractRow = typeof contracts.$inferSelect;

const buyer = alias(users, 'buyer');
const supplier = alias(users, 'supplier');

const fullColumns = {
  c: contracts,
  buyerFirst: buyer.firstName,
  buyerLast: buyer.lastName,
  buyerCompany: buyer.companyName,
  buyerDeleted: sql<boolean>`${buyer.deletedAt} is not null`,
  supplierFirst: supplier.firstName,
  supplierLast: supplier.lastName,
  supplierCompany: supplier.companyName,
  supplierDeleted: sql<boolean>`${supplier.deletedAt} is not null`,
};

/** A contract with both parties' display names. */
function selectFull(db: DbOrTx, reviewerId: string | null) {
  return db
    .select({
      ...fullColumns,
      reviewed: reviewerId
        ? sql<boolean>`exists (select 1 from ${reviews} where ${reviews.contractId} = ${contracts.id} and ${reviews.reviewerId} = ${reviewerId})`
        : sql<boolean>`false`,
    })
    .from(contracts)
    .innerJoin(buyer, eq(buyer.id, contracts.buyerId))
    .innerJoin(supplier, eq(supplier.id, contracts.supplierId));
}
export type FullContract = Awaited<ReturnType<typeof selectFull>>[number];

export async function findContract(db: DbOrTx, id: string, viewerId: string | null): Promise<FullContract | undefined> {
  const [row] = await selectFull(db, viewerId).where(eq(contracts.id, id)).limit(1);
  return row;
}

export async function lockContract(db: DbOrTx, id: string): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id)).for('update').limit(1);
  return row;
}

// A tender and its contracts in one statement, prepared once: the deals screen reads them on
// every visit; planning them cost PostgreSQL more than running them, and reading the tender first
// cost the server a round trip more than the read (docs/performance.md). The contracts are those
// the viewer may see if the tender is theirs to see: all of them for its owner or an admin, else
// the viewer's own.
const tenderContractsStatement = preparedPerHandle((db) => {
  const viewerId = sql.placeholder('viewerId');
  return db
    .select({
      tender: tenderVisibilityColumns,
      ...fullColumns,
      reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.contractId} = ${contracts.id} and ${reviews.reviewerId} = ${viewerId})`,
    })
    .from(tenders)
    .leftJoin(
      contracts,
      and(eq(contracts.tenderId, tenders.id), sql`(${viewerSeesAllOfTender} or ${contracts.supplierId} = ${viewerId})`),
    )
    .leftJoin(buyer, eq(buyer.id, contracts.buyerId))
    .leftJoin(supplier, eq(supplier.id, contracts.supplierId))
    .where(eq(tenders.id, sql.placeholder('tenderId')))
    .orderBy(desc(contracts.createdAt))
    .limit(500)
    .prepare('tender_with_contracts');
});

/**
 * What the tender visibility rule reads of a tender (canViewTender), and its contracts as the
 * viewer may see them if they may see the tender (all for its owner or an admin, else their own),
 * newest first. No tender: undefined.
 */
export async function tenderWithContracts(db: DbOrTx, tenderId: string, viewerId: string, viewerIsAdmin: boolean) {
  const rows = await tenderContractsStatement(db).execute({ tenderId, viewerId, viewerIsAdmin });
  if (!rows[0]) return undefined;
  // A contract's parties always exist (foreign keys): the outer joins leave them null only with no contract.
  const found = rows.filter((r) => r.c !== null) as FullContract[];
  return { tender: rows[0].tender, contracts: found };
}

export async function listForUser(
  db: DbOrTx,
  userId: string,
  viewerId: string,
  f: { statuses?: readonly ContractStatus[]; side?: 'buyer' | 'supplier'; page: number; pageSize: number },
) {
  const party: SQL =
    f.side === 'buyer'
      ? eq(contracts.buyerId, userId)
      : f.side === 'supplier'
        ? eq(contracts.supplierId, userId)
        : or(eq(contracts.buyerId, userId), eq(contracts.supplierId, userId))!;
  const where = f.statuses?.length ? and(party, inArray(contracts.status, [...f.statuses]))! : party;
  const [rows, [total], totals] = await Promise.all([
    selectFull(db, viewerId)
      .where(where)
      .orderBy(desc(contracts.updatedAt), desc(contracts.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(where),
    db
      .select({
        status: contracts.status,
        n: sql<number>`count(*)::int`,
        pence: sql<string>`coalesce(sum(${contracts.valuePence}), 0)::text`,
      })
      .from(contracts)
      .where(party)
      .groupBy(contracts.status),
  ]);
  return {
    rows,
    total: total?.n ?? 0,
    totals: totals.map((t) => ({ status: t.status, count: t.n, valuePence: Number(t.pence) })),
  };
}

export async function insertContract(db: DbOrTx, values: typeof contracts.$inferInsert): Promise<ContractRow> {
  const [row] = await db.insert(contracts).values(values).returning();
  return row!;
}

export async function updateContract(
  db: DbOrTx,
  id: string,
  values: Partial<typeof contracts.$inferInsert>,
): Promise<ContractRow> {
  const [row] = await db
    .update(contracts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(contracts.id, id))
    .returning();
  return row!;
}

export async function deleteContract(db: DbOrTx, id: string): Promise<void> {
  await db.delete(contracts).where(eq(contracts.id, id));
}

/** Open contracts of a tender, locked. */
export async function lockOpenForTender(db: DbOrTx, tenderId: string): Promise<ContractRow[]> {
  return db
    .select()
    .from(contracts)
    .where(and(eq(contracts.tenderId, tenderId), inArray(contracts.status, ['proposed', 'active'])))
    .for('update');
}

/** Open contracts where the user is a party, locked. */
export async function lockOpenForUser(db: DbOrTx, userId: string): Promise<ContractRow[]> {
  return db
    .select()
    .from(contracts)
    .where(
      and(
        or(eq(contracts.buyerId, userId), eq(contracts.supplierId, userId)),
        inArray(contracts.status, ['proposed', 'active']),
      ),
    )
    .for('update');
}

// ---- tenders, parties and items ----

export async function lockTender(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: tenders.id,
      userId: tenders.userId,
      title: tenders.title,
      status: tenders.status,
      awardedSupplierId: tenders.awardedSupplierId,
    })
    .from(tenders)
    .where(eq(tenders.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function setTenderAward(
  db: DbOrTx,
  id: string,
  values: { status: 'active' | 'pending'; awardedSupplierId: string | null },
): Promise<void> {
  await db
    .update(tenders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tenders.id, id));
}

export async function findCatalogueItem(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: catalogueItems.id, userId: catalogueItems.userId, title: catalogueItems.title })
    .from(catalogueItems)
    .where(eq(catalogueItems.id, id))
    .limit(1);
  return row;
}
