import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One conversation per pair of users and subject (docs/product.md sections 3 and 7 Messaging).
 * The pair is stored canonically (user_low_id < user_high_id) so "open or reuse" is one unique
 * lookup; `nulls not distinct` (PostgreSQL 15+) makes the subject-less conversation unique too.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userLowId: uuid('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Subjects are plain uuids WITHOUT foreign keys on purpose: the tenders, catalogue and
    // external-tender tables belong to other features (and were being built alongside this one);
    // a deleted subject leaves the conversation readable, merely about a gone item.
    tenderId: uuid('tender_id'),
    catalogueItemId: uuid('catalogue_item_id'),
    externalTenderId: uuid('external_tender_id'),
    /** Denormalised from the newest message so the list needs no per-row lookup. */
    lastMessageId: uuid('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_pair_subject_key')
      .on(t.userLowId, t.userHighId, t.tenderId, t.catalogueItemId, t.externalTenderId)
      .nullsNotDistinct(),
    index('conversations_high_idx').on(t.userHighId),
    check('conversations_pair_canonical', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /**
     * Messages to this user in this conversation not read yet, kept by database triggers on
     * `messages` (migration 0018) so that unread counts cost one row per conversation instead of
     * one index entry per unread message (a busy supplier's total was counted on every send).
     */
    unread: integer('unread').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // The conversation list: every conversation of one user.
    index('conversation_participants_user_idx').on(t.userId, t.conversationId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The other participant: conversations are between two people, so unread counts need no join. */
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stored exactly as sent (at most 5,000 characters); clients render it as text. */
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<{ name: string; key: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the recipient read it (docs/product.md section 3 `read`). */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // A thread page, newest first, and the `before` cursor.
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
    // "Has written to the caller" (people search's privacy check, per candidate): one index probe.
    index('messages_sender_recipient_idx').on(t.senderId, t.recipientId),
    // Unread counts: per conversation and in total, for the recipient.
    index('messages_unread_idx')
      .on(t.recipientId, t.conversationId)
      .where(sql`read_at is null`),
  ],
);
