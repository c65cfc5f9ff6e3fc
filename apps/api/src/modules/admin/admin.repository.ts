import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  literalValues,
  placeholderValues,
  preparedPagePerShape,
  preparedPerShape,
  type Bind,
  type Db,
  type DbOrTx,
} from '../../db/client.ts';
import { contactMessages, feedSyncState, subscriptions, users } from '../../db/schema/index.ts';
import { activeSubscriptionSql } from '../../db/access-sql.ts';
import type { ListUsersQuery } from '@brickyard/shared';
import { containsPattern } from '../../db/like.ts';
import { openNoticeSql } from '../../db/open-notice-sql.ts';

export interface UserFilter {
  role?: 'buyer' | 'supplier' | 'admin';
  approved?: boolean;
  q?: string;
}

/** The conditions of the admin's user list; values bound by `bind` (placeholders in a prepared shape). */
function userListWhere(filter: UserFilter, bind: Bind) {
  const conds: SQL[] = [isNull(users.deletedAt)];
  if (filter.role) conds.push(eq(users.role, bind.value('role', filter.role)));
  if (filter.approved !== undefined) conds.push(eq(users.approved, bind.value('approved', filter.approved)));
  if (filter.q) {
    const like = bind.value('like', containsPattern(filter.q));
    conds.push(
      or(
        ilike(users.email, like),
        ilike(users.companyName, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )!,
    );
  }
  return and(...conds);
}

const userListShape = (f: UserFilter) => `${f.role ? 'r' : ''}${f.approved === undefined ? '' : 'a'}${f.q ? 'q' : ''}`;
const userListValues = (f: UserFilter) => ({
  role: f.role,
  approved: f.approved,
  like: f.q ? containsPattern(f.q) : undefined,
});

function userListPage(db: Db, where: SQL | undefined) {
  return (
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        companyName: users.companyName,
        role: users.role,
        approved: users.approved,
        emailVerifiedAt: users.emailVerifiedAt,
        createdAt: users.createdAt,
        approvedAt: users.approvedAt,
        plan: subscriptions.plan,
        active: sql<boolean>`coalesce(${activeSubscriptionSql}, false)`,
        // when the subscription stops being active by the clock alone (activeSubscriptionSql):
        // the end of its period, or for one past due the later of that and its grace
        activeUntil:
          sql<Date | null>`case ${subscriptions.status} when 'active' then ${subscriptions.currentPeriodEnd} when 'past_due' then greatest(${subscriptions.currentPeriodEnd}, ${subscriptions.graceUntil}) end`.mapWith(
            (v: string | null) => (v === null ? null : new Date(v)),
          ),
      })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .where(where)
      // Waiting accounts first (the 48-hour promise is kept from this list), newest first;
      // users_list_idx (migration 0040) walks this order.
      .orderBy(asc(users.approved), desc(users.createdAt))
  );
}

// Prepared per filter shape (which of role, approved and q are set): the list was planned afresh
// on every request, which cost PostgreSQL more than running it. The first page apart, with its
// numbers written in (db/client.ts, FIRST_PAGE): with LIMIT and OFFSET as parameters PostgreSQL
// still planned it on every read (0.17 ms a plan against 0.06 ms a run on the 100k bench).
const userPageStatement = preparedPagePerShape('admin_users_page', userListShape, (db, f: UserFilter, slice, v) =>
  userListPage(db, userListWhere(f, placeholderValues))
    .limit(v.value('limit', slice.limit))
    .offset(v.value('offset', slice.offset)),
);
const userCountStatement = preparedPerShape('admin_users_count', userListShape, (db: Db, name: string, f: UserFilter) =>
  db.select({ n: count() }).from(users).where(userListWhere(f, placeholderValues)).prepare(name),
);

export type UserListRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];

export async function listUsers(db: Db, filter: UserFilter, page: number, pageSize: number) {
  const paging = { limit: pageSize, offset: (page - 1) * pageSize };
  const pageOf = userPageStatement(db, filter, paging);
  const countOf = userCountStatement(db, filter);
  const [rows, [total]] = await Promise.all([
    pageOf
      ? pageOf.execute({ ...userListValues(filter), ...paging })
      : userListPage(db, userListWhere(filter, literalValues)).limit(paging.limit).offset(paging.offset),
    countOf
      ? countOf.execute(userListValues(filter))
      : db.select({ n: count() }).from(users).where(userListWhere(filter, literalValues)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function approveUser(db: DbOrTx, userId: string, adminId: string) {
  const [row] = await db
    .update(users)
    .set({ approved: true, approvedAt: sql`now()`, approvedBy: adminId, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.approved, false), isNull(users.deletedAt)))
    .returning();
  return row;
}

export async function overview(db: DbOrTx) {
  const [byRole, waiting, subs, contacts] = await Promise.all([
    db.select({ role: users.role, n: count() }).from(users).where(isNull(users.deletedAt)).groupBy(users.role),
    db
      .select({
        n: count(),
        oldestHours: sql<number | null>`extract(epoch from (now() - min(${users.createdAt}))) / 3600`,
      })
      .from(users)
      .where(and(eq(users.approved, false), isNull(users.deletedAt), sql`${users.role} <> 'admin'`)),
    db
      .select({
        plan: subscriptions.plan,
        cycle: subscriptions.cycle,
        n: count(),
        paidPence: sql<number>`coalesce(sum(${subscriptions.pricePaidPence}) filter (where ${subscriptions.promoCode} is null), 0)`,
        promoN: sql<number>`(count(*) filter (where ${subscriptions.promoCode} is not null))::int`,
        promoPaidPence: sql<number>`coalesce(sum(${subscriptions.pricePaidPence}) filter (where ${subscriptions.promoCode} is not null), 0)`,
      })
      .from(subscriptions)
      .where(activeSubscriptionSql)
      .groupBy(subscriptions.plan, subscriptions.cycle),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { byRole, waiting: waiting[0], subs, contacts: contacts[0]?.n ?? 0 };
}

export type { ListUsersQuery };

const adminRows = async <T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> => (await db.execute(q)).rows as T[];

/**
 * The admin dashboard's figures beyond `overview` (docs/product.md section 2 Dashboard), one query each,
 * run in parallel. Buyers and suppliers by access state (users_role_approved_idx), the approvals
 * against the 48-hour promise, the live feed's freshness (external_tenders_created_idx and the
 * per-source sync state), the Bid Assist queue (bid_assist_requests_status_idx), the latest
 * contact-us messages and a trend grouped by bucket.
 */
export async function dashboard(db: DbOrTx, b: { unit: string; from: Date; to: Date }, promiseHours: number) {
  const bucket = (col: ReturnType<typeof sql>) =>
    sql`to_char(date_trunc(${b.unit}, ${col} at time zone 'Europe/London'), 'YYYY-MM-DD')`; // UK days (dashboard.buckets.ts)
  // Each trend branch reads a range of its created_at index (users_created_idx,
  // subscriptions_created_idx, bid_assist_requests_status_idx, contact_messages_created_idx).
  const inRange = sql`created_at >= ${b.from} and created_at < ${b.to}`;
  const [states, approvals, feed, sources, queue, contacts, trend] = await Promise.all([
    adminRows<{ role: 'buyer' | 'supplier'; pending: number; nosub: number; active: number }>(
      db,
      sql`select u.role,
                 count(*) filter (where not u.approved)::int as pending,
                 count(*) filter (where u.approved and not coalesce(${activeSubscriptionSql}, false))::int as nosub,
                 count(*) filter (where u.approved and coalesce(${activeSubscriptionSql}, false))::int as active
          from users u left join subscriptions on subscriptions.user_id = u.id
          where u.deleted_at is null and u.role in ('buyer', 'supplier')
          group by u.role`,
    ),
    adminRows<{ waiting: number; oldest_hours: number | null; overdue: number }>(
      db,
      sql`select count(*)::int as waiting,
                 floor(extract(epoch from (now() - min(created_at))) / 3600)::int as oldest_hours,
                 count(*) filter (where created_at < now() - make_interval(hours => ${promiseHours}))::int as overdue
          from users where not approved and deleted_at is null and role in ('buyer', 'supplier')`,
    ),
    adminRows<{ total: number; open: number; last_import: Date | null; last_24h: number }>(
      db,
      sql`select count(*)::int as total,
                 count(*) filter (where ${openNoticeSql()})::int as open,
                 max(created_at) as last_import,
                 count(*) filter (where created_at > now() - interval '24 hours')::int as last_24h
          from external_tenders`,
    ),
    db
      .select({
        source: feedSyncState.source,
        lastRunAt: feedSyncState.lastRunAt,
        lastSuccessAt: feedSyncState.lastSuccessAt,
        lastError: feedSyncState.lastError,
        releasesImported: feedSyncState.releasesImported,
      })
      .from(feedSyncState)
      .orderBy(asc(feedSyncState.source)),
    adminRows<{ submitted: number; in_review: number; completed: number; oldest_open_hours: number | null }>(
      db,
      sql`select count(*) filter (where status = 'submitted')::int as submitted,
                 count(*) filter (where status = 'in_review')::int as in_review,
                 count(*) filter (where status = 'completed')::int as completed,
                 floor(extract(epoch from (now() - min(created_at) filter (where status in ('submitted', 'in_review')))) / 3600)::int as oldest_open_hours
          from bid_assist_requests`,
    ),
    db
      .select({
        id: contactMessages.id,
        userName: contactMessages.userName,
        userEmail: contactMessages.userEmail,
        title: contactMessages.title,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), asc(contactMessages.id))
      .limit(5),
    adminRows<{ k: string; p: string; n: number; v: number }>(
      db,
      sql`select 'signups' as k, ${bucket(sql`created_at`)} as p, count(*)::int as n, 0 as v
            from users where role in ('buyer', 'supplier') and deleted_at is null and ${inRange} group by 2
          union all
          select 'subscriptions', ${bucket(sql`created_at`)}, count(*)::int, 0 from subscriptions where ${inRange} group by 2
          union all
          select 'bidAssist', ${bucket(sql`created_at`)}, count(*)::int, 0
            from bid_assist_requests where status in ('submitted', 'in_review', 'completed') and ${inRange} group by 2
          union all
          select 'contact', ${bucket(sql`created_at`)}, count(*)::int, 0 from contact_messages where ${inRange} group by 2`,
    ),
  ]);
  return { states, approvals: approvals[0], feed: feed[0], sources, queue: queue[0], contacts, trend };
}
