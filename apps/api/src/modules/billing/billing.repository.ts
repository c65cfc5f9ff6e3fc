import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { preparedPerHandle, type Db, type DbOrTx } from '../../db/client.ts';
import {
  billingAccounts,
  billingEvents,
  invoiceNumberSeq,
  invoices,
  subscriptions,
  usageCounters,
  users,
} from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type BillingAccountRow = typeof billingAccounts.$inferSelect;
type UsageKind = 'uploads' | 'bid_assist';

export async function findSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** Locks the user's subscription row for the rest of the transaction. */
export async function lockSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update').limit(1);
  return row;
}

/** The subscription of a provider subscription id (Stripe `sub_…`), locked. */
export async function lockSubscriptionByProviderRef(
  db: DbOrTx,
  providerRef: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerRef, providerRef))
    .for('update')
    .limit(1);
  return row;
}

export async function upsertSubscription(db: DbOrTx, values: typeof subscriptions.$inferInsert) {
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function updateSubscription(
  db: DbOrTx,
  userId: string,
  patch: Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'userId' | 'createdAt'>>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(subscriptions.userId, userId))
    .returning();
  return row;
}

/**
 * Subscriptions the calendar may have to act on at `now`: local ones whose period is over, and
 * remote ones past their grace period or due to end (see lifecycle.ts).
 */
export function dueSubscriptions(db: DbOrTx, now: Date, limit: number): Promise<Array<{ userId: string }>> {
  return db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        sql`${subscriptions.status} in ('active', 'past_due')`,
        lte(subscriptions.currentPeriodEnd, now),
        or(
          eq(subscriptions.provider, 'local'),
          eq(subscriptions.cancelAtPeriodEnd, true),
          and(eq(subscriptions.status, 'past_due'), lte(subscriptions.graceUntil, now)),
        ),
      ),
    )
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit);
}

export async function insertInvoice(
  db: DbOrTx,
  values: Omit<typeof invoices.$inferInsert, 'number'>,
): Promise<InvoiceRow> {
  const [seq] = await db
    .execute<{ n: number }>(sql`select nextval(${invoiceNumberSeq.seqName}) as n`)
    .then((r) => r.rows);
  const year = (values.issuedAt ?? new Date()).getUTCFullYear();
  const [row] = await db
    .insert(invoices)
    .values({ ...values, number: `BY-${year}-${String(seq!.n).padStart(6, '0')}` })
    .returning();
  return row!;
}

export async function invoiceExists(db: DbOrTx, providerRef: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.providerRef, providerRef))
    .limit(1);
  return !!row;
}

export function listInvoices(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(50);
}

/** One invoice of one user; another user's invoice is not found. */
export async function findInvoice(db: DbOrTx, userId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)))
    .limit(1);
  return row;
}

export async function usageThisMonth(db: DbOrTx, userId: string, month: string) {
  const rows = await db
    .select({ kind: usageCounters.kind, used: usageCounters.used })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.month, month)));
  return Object.fromEntries(rows.map((r) => [r.kind, r.used])) as Partial<Record<UsageKind, number>>;
}

/**
 * Takes one unit of a monthly counter in one statement: inserts the counter at 1 or adds 1 only
 * while it is under `limit` (null = unlimited, still counted). On a conflict PostgreSQL locks the
 * row and checks the WHERE against its latest committed version, so concurrent callers queue
 * and exactly `limit` of them succeed. Returns the new count, or null when the limit is reached.
 */
export async function takeUsage(
  db: DbOrTx,
  userId: string,
  kind: UsageKind,
  month: string,
  limit: number | null,
): Promise<number | null> {
  const rows = await db
    .insert(usageCounters)
    .values({ userId, kind, month, used: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.kind, usageCounters.month],
      set: { used: sql`${usageCounters.used} + 1` },
      setWhere: limit === null ? undefined : sql`${usageCounters.used} < ${limit}`,
    })
    .returning({ used: usageCounters.used });
  return rows[0]?.used ?? null;
}

export async function giveBackUsage(db: DbOrTx, userId: string, kind: UsageKind, month: string): Promise<void> {
  await db
    .update(usageCounters)
    .set({ used: sql`${usageCounters.used} - 1` })
    .where(
      and(
        eq(usageCounters.userId, userId),
        eq(usageCounters.kind, kind),
        eq(usageCounters.month, month),
        sql`${usageCounters.used} > 0`,
      ),
    );
}

const usageStatement = preparedPerHandle((db) =>
  db
    .select({ used: usageCounters.used })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.userId, sql.placeholder('userId')),
        eq(usageCounters.kind, sql.placeholder('kind')),
        eq(usageCounters.month, sql.placeholder('month')),
      ),
    )
    .prepare('usage_of'),
);

export async function usageOf(db: DbOrTx, userId: string, kind: UsageKind, month: string): Promise<number> {
  const [row] = await usageStatement(db).execute({ userId, kind, month });
  return row?.used ?? 0;
}

export async function findBillingAccount(db: DbOrTx, userId: string): Promise<BillingAccountRow | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)).limit(1);
  return row;
}

export async function upsertBillingAccount(
  db: DbOrTx,
  userId: string,
  values: Partial<Omit<typeof billingAccounts.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>>,
): Promise<BillingAccountRow> {
  const [row] = await db
    .insert(billingAccounts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingAccounts.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function findUserIdByCustomer(db: DbOrTx, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: billingAccounts.userId })
    .from(billingAccounts)
    .where(eq(billingAccounts.providerCustomerId, customerId))
    .limit(1);
  return row?.userId;
}

/**
 * Records a webhook event id; false when it was recorded before (a replay). Called inside the
 * transaction that applies the event, so a failed application is not remembered and the
 * provider's retry applies it again.
 */
export async function recordEvent(db: DbOrTx, e: { id: string; provider: string; type: string }): Promise<boolean> {
  const rows = await db.insert(billingEvents).values(e).onConflictDoNothing().returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return !!row;
}

/**
 * Runs `fn` only if this instance gets the PostgreSQL advisory lock `key` (one job run across
 * every instance); null when another instance holds it.
 */
export async function withAdvisoryLock<T>(db: Db, key: number, fn: () => Promise<T>): Promise<{ value: T } | null> {
  const client = await (db as Db & { $client: Pool }).$client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
    if (!rows[0]?.ok) return null;
    try {
      return { value: await fn() };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
