import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { realtimeTickets, users } from '../../db/schema/index.ts';

export async function insertTicket(
  db: DbOrTx,
  values: { ticketHash: string; userId: string; sessionVersion: number; expiresAt: Date },
): Promise<void> {
  // Expired tickets are swept as new ones are issued (realtime_tickets_expires_idx).
  await db.delete(realtimeTickets).where(lt(realtimeTickets.expiresAt, sql`now() - interval '1 minute'`));
  await db.insert(realtimeTickets).values(values);
}

/** Spends a ticket: answers its user (and the session it was issued to) once, while it is valid; never again. */
export async function redeemTicket(
  db: DbOrTx,
  ticketHash: string,
): Promise<{ userId: string; sessionVersion: number } | null> {
  const [row] = await db
    .delete(realtimeTickets)
    .where(and(eq(realtimeTickets.ticketHash, ticketHash), gt(realtimeTickets.expiresAt, sql`now()`)))
    .returning({ userId: realtimeTickets.userId, sessionVersion: realtimeTickets.sessionVersion });
  return row ?? null;
}

/** The current session version of each live (not deleted) user among `ids`. */
export async function sessionVersions(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, sv: users.sessionVersion })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.sv]));
}
