import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

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
