import { sql } from 'drizzle-orm';
import { customType, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MatchReason } from '@brickyard/shared';
import { externalTenders } from './external-tenders.ts';
import { catalogueItems, tenders } from './tenders.ts';
import { users } from './users.ts';

/** bytea as a Node Buffer (the float32 vectors of the semantic signal). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Scores of a tender against a catalogue item (docs/design.md section 5), kept so the Connect screens
 * read them by index instead of scoring on every request. Recomputed in the background when
 * either side changes (modules/matching). `notified_at` makes the "strong new match"
 * notification go out once per pair.
 */
export const matches = pgTable(
  'matches',
  {
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    catalogueItemId: uuid('catalogue_item_id')
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    reasons: jsonb('reasons')
      .$type<MatchReason[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the pair first matched; a recompute that keeps the pair leaves it (dashboards date matches by it). */
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenderId, t.catalogueItemId] }),
    index('matches_tender_score_idx').on(t.tenderId, t.score.desc()),
    index('matches_item_score_idx').on(t.catalogueItemId, t.score.desc()),
  ],
);

/**
 * The semantic vector of each tender, catalogue item and external tender (unit-length float32,
 * 100 dimensions, from the shipped word embeddings), written when the row is (re)indexed.
 * `matched_at` says when its matches were last recomputed: older than the row's `updated_at`
 * means stale. pgvector is not available on the embedded server, so candidates are re-ranked
 * in the app with these.
 */
export const tenderVectors = pgTable('tender_vectors', {
  tenderId: uuid('tender_id')
    .primaryKey()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  vector: bytea('vector'),
  matchedAt: timestamp('matched_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const catalogueItemVectors = pgTable('catalogue_item_vectors', {
  catalogueItemId: uuid('catalogue_item_id')
    .primaryKey()
    .references(() => catalogueItems.id, { onDelete: 'cascade' }),
  vector: bytea('vector'),
  matchedAt: timestamp('matched_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const externalTenderVectors = pgTable('external_tender_vectors', {
  externalTenderId: uuid('external_tender_id')
    .primaryKey()
    .references(() => externalTenders.id, { onDelete: 'cascade' }),
  vector: bytea('vector'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One notice of a supplier's ranked live feed, as kept in `feed_rankings`. */
export interface FeedRankingPair {
  id: string;
  score: number;
  exact: number;
  reasons: MatchReason[];
  /** the catalogue item it matched best */
  item: string;
}

/**
 * A supplier's live feed ranked for their catalogue ("Top for you"), kept with the version of what
 * it was ranked from: the feed (its newest write and its search statistics), the supplier's items
 * and profile, and the hour (the lead-time signal reads the clock). A read whose version differs
 * ranks again and replaces the row, so every instance answers the same ranking, and ranking the
 * whole feed per catalogue item (seconds on a large feed) happens once per change, not per visit.
 * Which notices are open is read fresh on every visit.
 */
export const feedRankings = pgTable('feed_rankings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  pairs: jsonb('pairs').$type<FeedRankingPair[]>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
