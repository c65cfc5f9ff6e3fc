import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contracts, reviews, users } from '../../db/schema/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export async function findContract(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: contracts.id,
      buyerId: contracts.buyerId,
      supplierId: contracts.supplierId,
      status: contracts.status,
      tenderTitle: contracts.tenderTitle,
    })
    .from(contracts)
    .where(eq(contracts.id, id))
    .limit(1);
  return row;
}

/** Inserts once per (contract, reviewer); answers undefined when that review exists. */
export async function insertReview(db: DbOrTx, values: typeof reviews.$inferInsert): Promise<ReviewRow | undefined> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.contractId, reviews.reviewerId] })
    .returning();
  return row;
}

function selectReviews(db: DbOrTx) {
  return db
    .select({
      r: reviews,
      tenderTitle: contracts.tenderTitle,
      reviewerFirst: users.firstName,
      reviewerLast: users.lastName,
      reviewerCompany: users.companyName,
      reviewerRole: users.role,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .innerJoin(contracts, eq(contracts.id, reviews.contractId));
}
export type FullReview = Awaited<ReturnType<typeof selectReviews>>[number];

export async function findReview(db: DbOrTx, id: string): Promise<FullReview | undefined> {
  const [row] = await selectReviews(db).where(eq(reviews.id, id)).limit(1);
  return row;
}

export async function listReceived(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const [rows, [agg]] = await Promise.all([
    selectReviews(db)
      .where(eq(reviews.revieweeId, userId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int`, avg: sql<string | null>`round(avg(${reviews.rating}), 1)::text` })
      .from(reviews)
      .where(eq(reviews.revieweeId, userId)),
  ]);
  return { rows, total: agg?.n ?? 0, average: agg?.avg ? Number(agg.avg) : null };
}
