import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';

/** The hub's SQL: NOTIFY on the realtime channel (see hub.ts for when each is used). */

/** One NOTIFY on the caller's connection: inside a transaction PostgreSQL delivers it at commit. */
export async function notifyOne(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * NOTIFY of committed events. The statement is its own transaction, and waiting for its commit
 * record to reach the disk would hold the notification lock for nothing: the data it announces
 * is already durable, and a lost notification costs what a missed one does.
 */
export async function notifyCommitted(db: Db, channel: string, payloads: string[]): Promise<void> {
  await db.execute(
    sql`select set_config('synchronous_commit', 'off', true), pg_notify(${channel}, p) from unnest(${sql.param(payloads)}::text[]) as p`,
  );
}
