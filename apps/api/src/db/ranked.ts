import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A page in the search engine's order: its ranked ids as a row source with their positions
 * (`from(rankedIds(ids)).innerJoin(table, isRanked(table.id)).orderBy(rankOrder)`), so PostgreSQL
 * reads them in turn, a primary-key probe each, until a page passes the filters. Sorting the rows
 * by `array_position(ids, id)` instead compares every row with every id (500 × 500).
 */
export const rankedIds = (ids: SQLWrapper | string): SQL =>
  sql`unnest(${ids}::uuid[]) with ordinality as ranked(id, pos)`;
export const isRanked = (id: AnyPgColumn): SQL => sql`${id} = ranked.id`;
export const rankOrder: SQL = sql`ranked.pos`;
