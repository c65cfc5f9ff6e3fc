import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every API instance (a limit kept in one process's memory lets a
 * second instance, or a restart, hand out a fresh set of attempts). One row per key and window:
 * `points` used since the window opened, `expiresAt` when it closes and the key starts again.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
