import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notifications } from './notifications.ts';
import { users } from './users.ts';

/** A user's in-app/email choice per notification kind; kinds absent from `kinds` use their defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<Record<string, { inApp?: boolean; email?: boolean }>>().notNull().default({}),
  /** When the digest job last mailed this user: at most one mail per window. */
  lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Notifications waiting for the email digest (batched: a burst of messages makes one mail). */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The in-app notification, when there is one: read in the app by then means no email. */
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_emails_user_idx').on(t.userId, t.createdAt)],
);
