import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema/index.ts';

/*
 * The single-use tokens of the account (stored hashed): sign-up verification, password reset, the
 * two links of an email change and the second step of a two-factor sign-in.
 */

export type TokenPurpose = (typeof authTokens.$inferInsert)['purpose'];
type Purpose = TokenPurpose;

export async function insertToken(
  db: DbOrTx,
  v: { userId: string; purpose: Purpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authTokens).values(v);
}

export async function revokeTokens(db: DbOrTx, userId: string, purpose: Purpose): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/** A live, unused, unexpired token (not consumed). */
export async function findToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: Purpose,
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await db
    .select({ id: authTokens.id, userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Marks a token used, atomically; a second use finds nothing. */
export async function consumeToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: Purpose,
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

/** Whether `tokenHash` is a verification link of a user whose address is confirmed (a link opened twice). */
export async function isVerifyLinkOfVerifiedUser(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, 'verify_email'),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return !!row;
}
