import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

export interface Window {
  points: number;
  /** milliseconds until the window closes */
  msLeft: number;
}

/**
 * Takes `points` from the key's window in one statement (a row lock serialises concurrent takers
 * on every instance); an expired window starts again at `points`.
 */
export async function takePoints(db: Db, key: string, points: number, windowMs: number): Promise<Window> {
  const { rows } = await db.execute<{ points: number; ms_left: number }>(sql`
    insert into rate_limits (key, points, expires_at)
    values (${key}, ${points}, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      points = case when rate_limits.expires_at <= now() then excluded.points else rate_limits.points + excluded.points end,
      expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
    returning points, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::float8 as ms_left`);
  const row = rows[0]!;
  return { points: row.points, msLeft: row.ms_left };
}

/** The key's open window, or null when it has none (never used, or expired). */
export async function readPoints(db: Db, key: string): Promise<Window | null> {
  const { rows } = await db.execute<{ points: number; ms_left: number }>(sql`
    select points, ceil(extract(epoch from (expires_at - now())) * 1000)::float8 as ms_left
    from rate_limits where key = ${key} and expires_at > now()`);
  const row = rows[0];
  return row ? { points: row.points, msLeft: row.ms_left } : null;
}

export async function deleteKey(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function deleteExpired(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
}
