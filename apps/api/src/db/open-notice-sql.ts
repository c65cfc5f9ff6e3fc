import { sql, type SQL } from 'drizzle-orm';

/**
 * Still taking bids: active, and the deadline (when there is one) is in the future. The one
 * definition of an open live-feed notice, for every statement that asks: the feed, its counts,
 * search, matching, Bid Assist and the dashboards. `table`: the name or alias the statement gives
 * external_tenders (a constant of the code, never input); bare column names without one.
 */
export function openNoticeSql(table?: 'x' | 'e' | 'external_tenders') {
  const column = (name: 'tender_status' | 'tender_end_date') => sql.raw(table ? `${table}.${name}` : name);
  return sql<boolean>`(${column('tender_status')} = 'active' and (${column('tender_end_date')} is null or ${column('tender_end_date')} > now()))`;
}

/**
 * A tender still taking responses: published (active) and before its deadline, if it has one. The
 * one definition for our own tenders (matching, search, the buyer's lists sorted by closing date).
 * `alias`: the name the statement gives the tenders row (a constant of the code, never input).
 */
export const openTenderSql = (alias: string) => {
  const t = sql.raw(alias);
  return sql`${t}.status = 'active' and (${t}.deadline is null or ${t}.deadline > now())`;
};

/**
 * "Closing soon", one order for every list sorted by it: what still takes bids, by the soonest
 * deadline; then what takes bids with no deadline; then the rest (closed, cancelled, withdrawn),
 * the most recently closed first. `takingBids` and `deadline` are the list's own expressions;
 * `takingBids` must hold only while the deadline, if any, is ahead (as openNoticeSql does).
 */
export function closingSoonOrder(takingBids: SQL, deadline: SQL): SQL[] {
  return [
    sql`case when ${takingBids} then ${deadline} end asc nulls last`,
    sql`(${takingBids}) desc`,
    sql`${deadline} desc nulls last`,
  ];
}
