import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { preparedPerHandle, type DbOrTx } from '../../db/client.ts';
import {
  authTokens,
  catalogueItems,
  contracts,
  files,
  notifications,
  portfolioItems,
  profileDocuments,
  profiles,
  projects,
  requirements,
  reviews,
  subscriptions,
  tenders,
  twoFactor,
  twoFactorRecoveryCodes,
  users,
} from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

// ---- account ----

export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

/** Another live account already uses this address (case-insensitive). */
export async function emailTaken(db: DbOrTx, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.id} <> ${exceptUserId}`))
    .limit(1);
  return !!row;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'phone' | 'companyName' | 'pendingEmail' | 'email' | 'emailVerifiedAt'>
  >,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

// ---- two-factor ----

export type TwoFactorRow = typeof twoFactor.$inferSelect;

const twoFactorStatement = preparedPerHandle((db) =>
  db
    .select()
    .from(twoFactor)
    .where(eq(twoFactor.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('two_factor_of'),
);

export async function findTwoFactor(db: DbOrTx, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await twoFactorStatement(db).execute({ userId });
  return row;
}

export async function upsertPendingTwoFactor(db: DbOrTx, userId: string, secretEnc: string): Promise<void> {
  await db
    .insert(twoFactor)
    .values({ userId, secretEnc })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretEnc, enabledAt: null, lastTimeStep: null, createdAt: sql`now()` },
    });
}

/** Records the time step of an accepted code; false when that step (or a later one) was used already. */
export async function claimTimeStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastTimeStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTimeStep), lt(twoFactor.lastTimeStep, step))))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

export async function enableTwoFactor(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(twoFactor)
    .set({ enabledAt: sql`now()` })
    .where(eq(twoFactor.userId, userId));
}

export async function deleteTwoFactor(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (hashes.length) await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function consumeRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ---- privacy ----

const privacyStatement = preparedPerHandle((db) =>
  db
    .select({ visibility: profiles.visibility, contactVisibility: profiles.contactVisibility })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('privacy_of'),
);

export async function findPrivacy(db: DbOrTx, userId: string) {
  const [row] = await privacyStatement(db).execute({ userId });
  return row;
}

export async function upsertPrivacy(
  db: DbOrTx,
  userId: string,
  v: { visibility?: 'public' | 'private'; contactVisibility?: 'counterparties' | 'members' },
): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId, ...v })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...v, updatedAt: sql`now()` } });
}

// ---- deletion ----

/**
 * Erases a user's personal data in the caller's transaction; business records (contracts,
 * reviews, fulfilled tenders) stay and show the anonymised names. Answers the storage keys to
 * remove after commit.
 */
export async function eraseUser(db: DbOrTx, userId: string, randomPasswordHash: string): Promise<string[]> {
  const owned = await db.select({ key: files.key }).from(files).where(eq(files.ownerId, userId));
  const docs = await db
    .select({ key: profileDocuments.fileKey })
    .from(profileDocuments)
    .where(eq(profileDocuments.userId, userId));
  const logo = await db.select({ key: profiles.imageKey }).from(profiles).where(eq(profiles.userId, userId));
  await db.delete(profileDocuments).where(eq(profileDocuments.userId, userId));
  await db.delete(portfolioItems).where(eq(portfolioItems.userId, userId));
  await db.delete(projects).where(eq(projects.userId, userId));
  await db.delete(requirements).where(eq(requirements.userId, userId));
  await db.delete(profiles).where(eq(profiles.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(files).where(eq(files.ownerId, userId));
  // A supplier's catalogue is their shop window: it goes. A buyer's tenders that are not
  // finished are withdrawn; fulfilled ones stay as the counterparties' history.
  await db.delete(catalogueItems).where(eq(catalogueItems.userId, userId));
  await db
    .update(users)
    .set({
      firstName: 'Deleted',
      lastName: 'user',
      companyName: 'Deleted company',
      email: sql`'deleted-' || ${users.id}::text || '@invalid'`,
      pendingEmail: null,
      phone: null,
      passwordHash: randomPasswordHash,
      deletedAt: sql`now()`,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  const keys = [...owned, ...docs, ...logo].map((r) => r.key).filter((k): k is string => !!k);
  return [...new Set(keys)];
}

export async function openTendersOf(db: DbOrTx, userId: string) {
  return db
    .select({ id: tenders.id, status: tenders.status })
    .from(tenders)
    .where(and(eq(tenders.userId, userId), inArray(tenders.status, ['draft', 'active', 'pending', 'closed'])))
    .for('update');
}

export async function setTenderStatus(db: DbOrTx, id: string, status: 'cancelled'): Promise<void> {
  await db
    .update(tenders)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(tenders.id, id));
}

// ---- export ----

export async function exportRows(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const [reqs] = await db.select().from(requirements).where(eq(requirements.userId, userId));
  const [sub] = await db
    .select({
      plan: subscriptions.plan,
      cycle: subscriptions.cycle,
      status: subscriptions.status,
      currentPeriodStart: subscriptions.currentPeriodStart,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const [proj, portfolio, docs, myTenders, myItems, myContracts, given, received, notes, myFiles, tf] =
    await Promise.all([
      db.select().from(projects).where(eq(projects.userId, userId)).orderBy(desc(projects.createdAt)),
      db.select().from(portfolioItems).where(eq(portfolioItems.userId, userId)).orderBy(desc(portfolioItems.createdAt)),
      db
        .select()
        .from(profileDocuments)
        .where(eq(profileDocuments.userId, userId))
        .orderBy(desc(profileDocuments.createdAt)),
      db.select().from(tenders).where(eq(tenders.userId, userId)).orderBy(desc(tenders.createdAt)).limit(10_000),
      db
        .select()
        .from(catalogueItems)
        .where(eq(catalogueItems.userId, userId))
        .orderBy(desc(catalogueItems.createdAt))
        .limit(10_000),
      db
        .select()
        .from(contracts)
        .where(or(eq(contracts.buyerId, userId), eq(contracts.supplierId, userId)))
        .orderBy(desc(contracts.createdAt))
        .limit(10_000),
      db.select().from(reviews).where(eq(reviews.reviewerId, userId)).orderBy(desc(reviews.createdAt)),
      db.select().from(reviews).where(eq(reviews.revieweeId, userId)).orderBy(desc(reviews.createdAt)),
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt))
        .limit(10_000),
      db
        .select({
          key: files.key,
          fileName: files.fileName,
          contentType: files.contentType,
          sizeBytes: files.sizeBytes,
          status: files.status,
          createdAt: files.createdAt,
        })
        .from(files)
        .where(eq(files.ownerId, userId))
        .orderBy(desc(files.createdAt)),
      db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId)),
    ]);
  return {
    user,
    profile,
    requirements: reqs,
    subscription: sub,
    projects: proj,
    portfolio,
    documents: docs,
    tenders: myTenders,
    catalogueItems: myItems,
    contracts: myContracts,
    reviewsGiven: given,
    reviewsReceived: received,
    notifications: notes,
    files: myFiles,
    twoFactorEnabledAt: tf[0]?.enabledAt ?? null,
  };
}
