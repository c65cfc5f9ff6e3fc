import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { namedRawStatements, preparedPerDb, preparedPerHandle, type Db, type DbOrTx } from '../../db/client.ts';
import { notificationEmails, notificationSettings, notifications, users } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

const notificationPageStatements = preparedPerDb((db) => {
  const userId = sql.placeholder('userId');
  const mine = eq(notifications.userId, userId);
  // The total as a column of the page: one statement, one snapshot.
  const counted = {
    total: sql<number>`(select count(*) from ${notifications} where ${mine})`.mapWith(Number),
  };
  return {
    page: db
      .select({ row: notifications, ...counted })
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('notifications_page'),
    // A page past the last (or of nobody's notifications) has no row to carry it.
    empty: db
      .select(counted)
      .from(sql`(select 1) as one`)
      .prepare('notifications_page_empty'),
  };
});

/** A page of a user's notifications, newest first, with their total. */
export async function listNotifications(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const statements = notificationPageStatements(db);
  const rows = await statements.page.execute({ userId, limit: pageSize, offset: (page - 1) * pageSize });
  const [first] = rows;
  const counted = first ?? (await statements.empty.execute({ userId }))[0]!;
  return { rows: rows.map((r) => r.row), total: counted.total };
}

const unreadCountStatement = preparedPerDb((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
    .prepare('notifications_unread_count'),
);

/**
 * GET /api/notifications/unread-count is polled by every open tab: a prepared statement skips
 * building the SQL on each call (a tenth of the request's CPU) and PostgreSQL's parse on each
 * connection after the first.
 */
export async function countUnreadPrepared(db: Db, userId: string): Promise<number> {
  const [row] = await unreadCountStatement(db).execute({ userId });
  return row?.n ?? 0;
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function markRead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** A notification row as a raw statement answers it (timestamps as PostgreSQL's text). */
interface RaisedRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
  unread: number;
}

/** One text whatever the values: prepared once per connection, the transaction's one included (it runs inside a send). */
const raiseStatement = namedRawStatements('notification_raise', 1);

/**
 * An in-app notification in one statement: with `collapse`, the user's unread notification of the
 * same kind and link gets the new text (else a row is added); with `queueEmail`, its digest mail
 * is queued; and the user's unread count after it comes back with it. The count reads the
 * statement's snapshot, which the rows it writes are not part of: a refreshed row was unread
 * already, an added one is counted on top.
 */
export async function raiseNotification(
  db: DbOrTx,
  n: {
    userId: string;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    collapse: boolean;
    queueEmail: boolean;
  },
): Promise<{ row: NotificationRow; unread: number }> {
  const userId = sql`${n.userId}::uuid`;
  const rows = await raiseStatement<RaisedRow>(
    db,
    sql`
    with refreshed as (
      update notifications set title = ${n.title}, body = ${n.body}, created_at = now()
      where ${n.collapse && n.link !== null} and user_id = ${userId} and kind = ${n.kind}
        and link = ${n.link} and read_at is null
      returning *
    ), added as (
      insert into notifications (user_id, kind, title, body, link)
      select ${userId}, ${n.kind}, ${n.title}, ${n.body}, ${n.link}::text
      where not exists (select from refreshed)
      returning *
    ), raised as (
      (select * from refreshed limit 1) union all select * from added
    ), queued as (
      insert into notification_emails (user_id, notification_id, kind, title, body, link)
      select ${userId}, raised.id, ${n.kind}, ${n.title}, ${n.body}, ${n.link}::text from raised
      where ${n.queueEmail}
    )
    select raised.id, raised.user_id, raised.kind, raised.title, raised.body, raised.link, raised.read_at,
      raised.created_at,
      (select count(*) from notifications where user_id = ${userId} and read_at is null)::int
        + (select count(*) from added)::int as unread
    from raised`,
  );
  const r = rows[0]!;
  return {
    row: {
      id: r.id,
      userId: r.user_id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      readAt: r.read_at === null ? null : new Date(r.read_at),
      createdAt: new Date(r.created_at),
    },
    unread: Number(r.unread),
  };
}

/** Marks the unread notifications of one kind and link read (e.g. a conversation that was read). */
export async function markReadByLink(db: DbOrTx, userId: string, kind: string, link: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, kind),
        eq(notifications.link, link),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

// --- settings (GET/PUT /api/settings/notifications) -----------------------------------------

export type StoredKinds = Record<string, { inApp?: boolean; email?: boolean }>;

const settingsStatement = preparedPerHandle((db) =>
  db
    .select({ kinds: notificationSettings.kinds })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, sql.placeholder('userId')))
    .prepare('notification_settings_of'),
);

export async function findSettings(db: DbOrTx, userId: string): Promise<StoredKinds | null> {
  const [row] = await settingsStatement(db).execute({ userId });
  return row?.kinds ?? null;
}

/** The role of a user who still has an account (unsubscribe links of deleted accounts do nothing). */
export async function findActiveUserRole(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.role ?? null;
}

export async function saveSettings(db: DbOrTx, userId: string, kinds: StoredKinds): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, kinds })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { kinds, updatedAt: sql`now()` } });
}

// --- email digest ------------------------------------------------------------------------------

export async function queueEmail(
  db: DbOrTx,
  values: {
    userId: string;
    notificationId: string | null;
    kind: string;
    title: string;
    body: string;
    link: string | null;
  },
): Promise<void> {
  await db.insert(notificationEmails).values(values);
}

/** Serialises the digest across instances for the length of the transaction. */
export async function tryXactLock(tx: DbOrTx, key: number): Promise<boolean> {
  const res = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  return res.rows[0]?.ok === true;
}

export interface DigestRecipient {
  userId: string;
  email: string;
  firstName: string;
  role: string;
}

/**
 * Users with queued mail whose oldest item has waited `delaySeconds` and who were not mailed in
 * the last `windowSeconds`.
 */
export async function dueDigestRecipients(
  db: DbOrTx,
  delaySeconds: number,
  windowSeconds: number,
  limit: number,
): Promise<DigestRecipient[]> {
  const res = await db.execute<{ user_id: string; email: string; first_name: string; role: string }>(sql`
    select q.user_id, u.email, u.first_name, u.role
    from ${notificationEmails} q
    join ${users} u on u.id = q.user_id and u.deleted_at is null
    left join ${notificationSettings} s on s.user_id = q.user_id
    where s.last_emailed_at is null or s.last_emailed_at <= now() - make_interval(secs => ${windowSeconds})
    group by q.user_id, u.email, u.first_name, u.role
    having min(q.created_at) <= now() - make_interval(secs => ${delaySeconds})
    order by min(q.created_at)
    limit ${limit}`);
  return res.rows.map((r) => ({ userId: r.user_id, email: r.email, firstName: r.first_name, role: r.role }));
}

export interface QueuedEmail {
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  /** The in-app notification was read meanwhile: no need to mail it. */
  readInApp: boolean;
}

/** Removes and answers everything queued for a user, oldest first. */
export async function takeQueuedEmails(db: DbOrTx, userId: string): Promise<QueuedEmail[]> {
  const res = await db.execute<{
    kind: string;
    title: string;
    body: string;
    link: string | null;
    created_at: string | Date;
    read_in_app: boolean;
  }>(sql`
    with taken as (
      delete from ${notificationEmails} where user_id = ${userId}
      returning kind, title, body, link, created_at, notification_id
    )
    select t.kind, t.title, t.body, t.link, t.created_at, (n.read_at is not null) as read_in_app
    from taken t left join ${notifications} n on n.id = t.notification_id
    order by t.created_at`);
  return res.rows.map((r) => ({
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: new Date(r.created_at),
    readInApp: r.read_in_app,
  }));
}

export async function markEmailed(db: DbOrTx, userId: string): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, lastEmailedAt: sql`now()` })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { lastEmailedAt: sql`now()` } });
}
