import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  catalogueItems,
  contracts,
  conversations,
  messages,
  files,
  portfolioItems,
  profileDocuments,
  profiles,
  projects,
  requirements,
  reviews,
  users,
} from '../../db/schema/index.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type PortfolioRow = typeof portfolioItems.$inferSelect;
export type RequirementsRow = typeof requirements.$inferSelect;
export type DocumentRow = typeof profileDocuments.$inferSelect;

/** The user and the privacy settings that decide who may see their profile. */
export async function findProfileOwner(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      approved: users.approved,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      email: users.email,
      phone: users.phone,
      createdAt: users.createdAt,
      visibility: sql<'public' | 'private'>`coalesce(${profiles.visibility}, 'public')`,
      contactVisibility: sql<'counterparties' | 'members'>`coalesce(${profiles.contactVisibility}, 'counterparties')`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
export type ProfileOwner = NonNullable<Awaited<ReturnType<typeof findProfileOwner>>>;

/** Whether two users share a contract (any status): they are counterparties. */
export async function areCounterparties(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      or(
        and(eq(contracts.buyerId, a), eq(contracts.supplierId, b)),
        and(eq(contracts.buyerId, b), eq(contracts.supplierId, a)),
      ),
    )
    .limit(1);
  return !!row;
}

/** Whether the profile owner has written to the viewer in Messages (they opened contact). */
export async function ownerHasWrittenTo(db: DbOrTx, ownerId: string, viewerId: string): Promise<boolean> {
  const [low, high] = ownerId < viewerId ? [ownerId, viewerId] : [viewerId, ownerId];
  const [row] = await db
    .select({ id: messages.id })
    .from(conversations)
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high), eq(messages.senderId, ownerId)))
    .limit(1);
  return !!row;
}

export async function findProfile(db: DbOrTx, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}

/** Everything the profile view shows besides the user and profile rows. */
export async function profileParts(db: DbOrTx, userId: string, withCatalogue: boolean) {
  const [docs, portfolio, projs, reqs, items, summary, latest] = await Promise.all([
    db
      .select()
      .from(profileDocuments)
      .where(eq(profileDocuments.userId, userId))
      .orderBy(desc(profileDocuments.createdAt))
      .limit(100),
    db
      .select()
      .from(portfolioItems)
      .where(eq(portfolioItems.userId, userId))
      .orderBy(desc(portfolioItems.completionDate), desc(portfolioItems.createdAt))
      .limit(200),
    db.select().from(projects).where(eq(projects.userId, userId)).orderBy(desc(projects.createdAt)).limit(200),
    db.select().from(requirements).where(eq(requirements.userId, userId)).limit(1),
    withCatalogue
      ? db
          .select({
            id: catalogueItems.id,
            title: catalogueItems.title,
            category: catalogueItems.category,
            quantity: catalogueItems.quantity,
            budgetPence: catalogueItems.budgetPence,
            valuePence: catalogueItems.valuePence,
          })
          .from(catalogueItems)
          .where(eq(catalogueItems.userId, userId))
          .orderBy(desc(catalogueItems.createdAt))
          .limit(100)
      : Promise.resolve([]),
    reviewSummary(db, userId),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        text: reviews.text,
        createdAt: reviews.createdAt,
        reviewerId: users.id,
        reviewerFirst: users.firstName,
        reviewerLast: users.lastName,
        reviewerCompany: users.companyName,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewerId))
      .where(eq(reviews.revieweeId, userId))
      .orderBy(desc(reviews.createdAt))
      .limit(20),
  ]);
  return { docs, portfolio, projects: projs, requirements: reqs[0], catalogueItems: items, summary, latest };
}

export async function reviewSummary(db: DbOrTx, userId: string): Promise<{ average: number | null; count: number }> {
  const [row] = await db
    .select({ avg: sql<string | null>`round(avg(${reviews.rating}), 1)::text`, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.revieweeId, userId));
  return { average: row?.avg ? Number(row.avg) : null, count: row?.n ?? 0 };
}

export async function upsertProfile(
  db: DbOrTx,
  userId: string,
  values: Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>,
): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function setCompanyName(db: DbOrTx, userId: string, companyName: string): Promise<void> {
  await db
    .update(users)
    .set({ companyName, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Uploaded files of the owner among `keys`. */
export async function ownedFiles(db: DbOrTx, ownerId: string, keys: string[]) {
  if (!keys.length) return [];
  return db
    .select({ key: files.key, fileName: files.fileName, status: files.status, entityId: files.entityId })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), inArray(files.key, keys)));
}

export async function deleteFilesByKeys(db: DbOrTx, ownerId: string, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.delete(files).where(and(eq(files.ownerId, ownerId), inArray(files.key, keys)));
}

export async function replaceDocuments(
  db: DbOrTx,
  userId: string,
  docs: Array<{ name: string; fileKey: string }>,
): Promise<DocumentRow[]> {
  const before = await db.select().from(profileDocuments).where(eq(profileDocuments.userId, userId));
  await db.delete(profileDocuments).where(eq(profileDocuments.userId, userId));
  if (docs.length) await db.insert(profileDocuments).values(docs.map((d) => ({ userId, ...d })));
  return before;
}

// ---- projects ----

export async function countProjects(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.userId, userId));
  return row?.n ?? 0;
}

export async function insertProject(db: DbOrTx, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function updateProject(
  db: DbOrTx,
  userId: string,
  id: string,
  values: Partial<typeof projects.$inferInsert>,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning();
  return row;
}

export async function deleteProject(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

// ---- portfolio ----

export async function countPortfolio(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portfolioItems)
    .where(eq(portfolioItems.userId, userId));
  return row?.n ?? 0;
}

export async function insertPortfolioItem(
  db: DbOrTx,
  values: typeof portfolioItems.$inferInsert,
): Promise<PortfolioRow> {
  const [row] = await db.insert(portfolioItems).values(values).returning();
  return row!;
}

export async function updatePortfolioItem(
  db: DbOrTx,
  userId: string,
  id: string,
  values: Partial<typeof portfolioItems.$inferInsert>,
): Promise<PortfolioRow | undefined> {
  const [row] = await db
    .update(portfolioItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(portfolioItems.id, id), eq(portfolioItems.userId, userId)))
    .returning();
  return row;
}

export async function deletePortfolioItem(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(portfolioItems)
    .where(and(eq(portfolioItems.id, id), eq(portfolioItems.userId, userId)))
    .returning({ id: portfolioItems.id });
  return rows.length > 0;
}

// ---- requirements ----

export async function findRequirements(db: DbOrTx, userId: string): Promise<RequirementsRow | undefined> {
  const [row] = await db.select().from(requirements).where(eq(requirements.userId, userId)).limit(1);
  return row;
}

export async function upsertRequirements(
  db: DbOrTx,
  userId: string,
  values: Partial<Omit<RequirementsRow, 'userId' | 'updatedAt'>>,
): Promise<RequirementsRow> {
  const [row] = await db
    .insert(requirements)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: requirements.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
