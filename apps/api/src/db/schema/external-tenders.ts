import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The live feed (docs/design.md section 6). `external_tenders` is the compiled, latest view of each
 * OCDS contracting process (one row per ocid, the newest release wins); every release ever
 * imported is kept in `external_tender_releases`. The full-text `search` column (weighted
 * tsvector) and the trigram index on the title are added by the custom migration
 * `external_tenders_search`, because drizzle-kit cannot express generated tsvector columns.
 */
export const externalTenders = pgTable(
  'external_tenders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ocid: text('ocid').notNull(),
    /** The id of the release this row was compiled from. */
    releaseId: text('release_id').notNull(),
    origin: text('origin').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    /** OCDS tender.status as published; the API presents open/closed from it and the deadline. */
    tenderStatus: text('tender_status'),
    /** Integer minor units (pence, cents) of `currency`. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency'),
    location: text('location'),
    tenderId: text('tender_id'),
    tenderStartDate: timestamp('tender_start_date', { withTimezone: true }),
    tenderEndDate: timestamp('tender_end_date', { withTimezone: true }),
    awardStartDate: timestamp('award_start_date', { withTimezone: true }),
    awardEndDate: timestamp('award_end_date', { withTimezone: true }),
    date: timestamp('date', { withTimezone: true }).notNull(),
    procurementMethod: text('procurement_method'),
    procurementMethodDetails: text('procurement_method_details'),
    sourceUrl: text('source_url'),
    buyerName: text('buyer_name'),
    cpvCodes: text('cpv_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    noticeType: text('notice_type'),
    publisher: text('publisher'),
    /**
     * Days the demo seed moved this notice's dates forward so a fresh demo has open notices
     * (the screen says so); null for every real import, whose dates are never changed.
     */
    demoShiftDays: integer('demo_shift_days'),
    /** sha256 of the release it was compiled from: an identical re-import changes nothing. */
    contentHash: text('content_hash').notNull(),
    // The raw JSON lives once, in external_tender_releases (ocid, release_id): storing it twice
    // halved the import speed.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_tenders_ocid_key').on(t.ocid),
    index('external_tenders_date_idx').on(t.date.desc(), t.id),
    index('external_tenders_end_date_idx').on(t.tenderEndDate),
    index('external_tenders_cpv_idx').using('gin', t.cpvCodes),
    index('external_tenders_created_idx').on(t.createdAt),
  ],
);

/** Every release as published, keyed by (ocid, release id), so a process keeps its history. */
export const externalTenderReleases = pgTable(
  'external_tender_releases',
  {
    ocid: text('ocid').notNull(),
    releaseId: text('release_id').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    tags: text('tags').array().notNull(),
    publisher: text('publisher'),
    contentHash: text('content_hash').notNull(),
    /** The release as published: json (the text, validated) rather than jsonb, which would be parsed
     * into a tree and compressed again on every import — the costliest part of writing a release. */
    raw: json('raw').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // imported_at: the feed's status reads the latest import (max) on every visit.
  (t) => [
    primaryKey({ columns: [t.ocid, t.releaseId] }),
    index('external_tender_releases_imported_idx').on(t.importedAt),
  ],
);

export const externalTenderFavourites = pgTable(
  'external_tender_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => externalTenders.id, { onDelete: 'cascade' }),
    /** Set once the "closing within 7 days" reminder has been sent for this deadline. */
    reminderSentFor: timestamp('reminder_sent_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenderId] }),
    index('external_tender_favourites_tender_idx').on(t.tenderId),
  ],
);

/** A supplier's saved feed search; newly imported tenders that match it raise a notification. */
export const externalTenderSavedSearches = pgTable(
  'external_tender_saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').notNull(),
    emailAlerts: boolean('email_alerts').notNull().default(true),
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('external_tender_saved_searches_user_idx').on(t.userId, t.createdAt)],
);

/** Where each connector got to, so an interrupted run resumes (cursor) or continues (date). */
export const feedSyncState = pgTable('feed_sync_state', {
  source: text('source').primaryKey(),
  /** The next page to fetch when a run stopped part-way, else null. */
  cursorUrl: text('cursor_url'),
  /** The high-water mark: the next run asks for releases published/updated from here. */
  lastFrom: timestamp('last_from', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  pagesFetched: integer('pages_fetched').notNull().default(0),
  releasesImported: integer('releases_imported').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
