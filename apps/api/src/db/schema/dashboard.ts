import { sql } from 'drizzle-orm';
import { bigint, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { catalogueItems } from './tenders.ts';
import { users } from './users.ts';

/**
 * Views of a catalogue item's detail by signed-in buyers and suppliers other than its owner
 * (docs/product.md section 2 supplier dashboard: "catalogue views per item"). At most one row per viewer,
 * item and UTC day: the key makes a repeat view that day a no-op (ON CONFLICT DO NOTHING), and its
 * order (item, day) serves the dashboard's per-item count over a date range.
 */
export const catalogueItemViews = pgTable(
  'catalogue_item_views',
  {
    catalogueItemId: uuid('catalogue_item_id')
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedOn: date('viewed_on', { mode: 'string' })
      .notNull()
      .default(sql`((now() at time zone 'UTC')::date)`),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'catalogue_item_views_pkey', columns: [t.catalogueItemId, t.viewedOn, t.viewerId] })],
);

/**
 * A version per dashboard scope (a user's id, or 'admin'), raised by database triggers in the
 * same transaction as any write to the rows that dashboard is computed from (migration 0017).
 * The dashboards are cached per instance and served while their scope's version is unchanged,
 * so one primary-key read answers a repeat request and a change made through any instance, or
 * by any code path, is seen at once (modules/dashboard/dashboard-cache.ts).
 */
export const dashboardVersions = pgTable('dashboard_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
