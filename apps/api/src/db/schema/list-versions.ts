import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * A version per list table ('catalogue_items', 'tenders'), raised by database triggers at the
 * commit of every transaction that inserts, updates, deletes or truncates its rows (migration
 * 0026). A list page reads it in the same statement as its rows, and an exact count kept at the
 * same version is still its total (db/exact-counts.ts), whichever instance or code path wrote.
 */
export const listVersions = pgTable('list_versions', {
  list: text('list').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * A version per list and owner ('notifications' of a user, 'conversations' of a user), raised by
 * database triggers at the commit of every transaction that writes a row the owner's list shows
 * (migration 0030). A page read per person keeps its answer at the version it read with it
 * (db/owner-pages.ts), so a repeat visit reads one row instead of the page. A missing row is
 * version 0: the owner's list has not changed since the table was created.
 */
export const ownerListVersions = pgTable(
  'owner_list_versions',
  {
    list: text('list').notNull(),
    ownerId: uuid('owner_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.list, t.ownerId] })],
);
