import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedPerHandle, type DbOrTx } from '../../db/client.ts';
import { activeSubscriptionSql } from '../../db/access-sql.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
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

const userByIdStatement = preparedPerHandle((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('user_by_id'),
);

/** A live (not deleted) user, by a statement prepared once: many screens read it. */
export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdStatement(db).execute({ id });
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

const principalStatement = preparedPerHandle((db) =>
  db
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
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('principal_by_id'),
);

/** The caller of a request, in one prepared query (the guard caches it briefly). */
export async function loadPrincipal(db: DbOrTx, id: string): Promise<Principal | null> {
  const [row] = await principalStatement(db).execute({ id });
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
