import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { namedRawStatements, type Db, type DbOrTx } from '../../db/client.ts';

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * pg-boss runs its SQL through this adapter: on the app's pool, or inside a caller's drizzle
 * transaction so that a job is written in the same transaction as the change that causes it (an
 * outbox: the job exists exactly when the change committed).
 */
export function jobsDb(db: DbOrTx): PgBoss.Db {
  // pg-boss's SQL uses one positional parameter in several places (`$5` as text and as a
  // timestamp), so it must reach PostgreSQL as written: through the pg client (the pool, or the
  // transaction's connection) under drizzle's session, not re-numbered by drizzle's SQL builder.
  const client = (db as unknown as { session: { client: Pick<pg.Pool, 'query'> } }).session.client;
  return { executeSql: async (text, values) => client.query(text, values) };
}

export interface FailedJobRow {
  id: string;
  name: string;
  data: Record<string, unknown> | null;
  error: string;
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
}

// Named, with its LIMIT written in (one text per limit the code asks for): PostgreSQL then keeps its
// plan per connection. Unnamed, or with the LIMIT as a parameter, it planned the statement on every
// read of the admin's failed jobs, and planning pg-boss's job table took ten times as long as
// running it (0.56 ms against 0.05 ms on the 100k bench).
const failedJobsStatements = namedRawStatements('failed_jobs', 4);

/** Jobs that used up their retries, newest first (pg-boss keeps them until they are archived). */
export async function listFailedJobs(db: Db, limit: number): Promise<FailedJobRow[]> {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`not a row count: ${limit}`);
  const rows = await failedJobsStatements<{
    id: string;
    name: string;
    data: Record<string, unknown> | null;
    output: { message?: string } | null;
    retry_count: number;
    created_on: string;
    completed_on: string | null;
  }>(
    db,
    sql`select id, name, data, output, retry_count, created_on, completed_on
           from ${sql.identifier(JOBS_SCHEMA)}.job
          where state = 'failed'
          order by completed_on desc nulls last
          limit ${sql.raw(String(limit))}`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    data: r.data,
    error: typeof r.output?.message === 'string' ? r.output.message : JSON.stringify(r.output ?? {}),
    attempts: r.retry_count + 1,
    createdAt: new Date(r.created_on),
    failedAt: r.completed_on ? new Date(r.completed_on) : null,
  }));
}

/** The queue of one failed job, or null when no failed job has that id. */
export async function failedJobQueue(db: Db, id: string): Promise<string | null> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select name from ${sql.identifier(JOBS_SCHEMA)}.job where id = ${id} and state = 'failed'`,
  );
  return rows[0]?.name ?? null;
}

/** Moves a waiting job's start (used when its first delivery attempt failed: retry sooner). */
export async function postponeJob(db: Db, name: string, id: string, seconds: number): Promise<void> {
  await db.execute(sql`update ${sql.identifier(JOBS_SCHEMA)}.job
                          set start_after = now() + make_interval(secs => ${seconds})
                        where name = ${name} and id = ${id} and state = 'created'`);
}
