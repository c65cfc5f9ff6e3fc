import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Single-use tickets for the realtime stream (EventSource cannot send an Authorization header and
 * the JWT must never travel in a URL). Only a SHA-256 of the ticket is stored; any instance can
 * redeem it, so the ticket and the stream may land on different API instances.
 */
export const realtimeTickets = pgTable(
  'realtime_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** the session the ticket was issued to: a stream is not opened for a session ended since */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_tickets_expires_idx').on(t.expiresAt)],
);
