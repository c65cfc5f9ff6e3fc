import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authTokens, subscriptions, users } from '../../db/schema/index.ts';
import type { Principal } from '../../platform/auth/guard.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * SQL deciding whether a user's subscription is in force right now: active or past_due until the
 * period end, and past_due also until its grace period ends (modules/billing/lifecycle.ts `isInForce`).
 */
export const activeSubscriptionSql = sql<boolean>`(${subscriptions.status} in ('active', 'past_due') and (${subscriptions.currentPeriodEnd} > now() or (${subscriptions.status} = 'past_due' and ${subscriptions.graceUntil} > now())))`;

/** The caller of a request, in one query (the guard caches it briefly). */
export async function loadPrincipal(db: DbOrTx, id: string): Promise<Principal | null> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      approved: users.approved,
      sessionVersion: users.sessionVersion,
      plan: subscriptions.plan,
      active: sql<boolean>`coalesce(${activeSubscriptionSql}, false)`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    companyName: row.companyName,
    approved: row.approved,
    hasActiveSubscription: row.active,
    plan: row.active ? row.plan : null,
    sessionVersion: row.sessionVersion,
  };
}

export async function insertAuthToken(
  db: DbOrTx,
  values: { userId: string; purpose: 'verify_email' | 'reset_password'; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Marks a token used, atomically: a second use, a wrong purpose or an expired token finds nothing. */
/** Whether `tokenHash` is a verification link of a user whose address is confirmed (a link opened twice). */
export async function isVerifyLinkOfVerifiedUser(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, 'verify_email'), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return !!row;
}

export async function consumeAuthToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: 'verify_email' | 'reset_password',
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row;
}

/** Older unused tokens of the same purpose stop working when a new one is issued or one is used. */
export async function revokeAuthTokens(
  db: DbOrTx,
  userId: string,
  purpose: 'verify_email' | 'reset_password',
): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

export async function markEmailVerified(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** A new password ends every session issued before it. */
export async function setPassword(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Ends every session of the user: tokens carry the version they were issued with. */
export async function bumpSessionVersion(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
