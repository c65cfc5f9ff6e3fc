import {
  AppError,
  isNotificationKind,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationChannels,
  type NotificationKind,
  type NotificationSettings,
  type PageMeta,
  type UpdateNotificationSettingsBody,
} from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { createOwnerPages } from '../../db/owner-pages.ts';
import type { AppContext } from '../../platform/context.ts';
import { unsubscribeTokens, type UnsubscribeScope } from '../../platform/mail/unsubscribe.ts';
import { publishVia } from '../../platform/realtime/hub.ts';
import * as repo from './notifications.repository.ts';

export function toNotification(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A kind's channels for a user: their choice, else the kind's default (unknown kinds: in-app only). */
export function channelsFor(stored: repo.StoredKinds | null, kind: string): NotificationChannels {
  const defaults = isNotificationKind(kind) ? NOTIFICATION_KIND_INFO[kind].defaults : { inApp: true, email: false };
  const mine = stored?.[kind];
  return { inApp: mine?.inApp ?? defaults.inApp, email: mine?.email ?? defaults.email };
}

export function resolveSettings(stored: repo.StoredKinds | null): NotificationSettings {
  const kinds = {} as Record<NotificationKind, NotificationChannels>;
  for (const k of NOTIFICATION_KINDS) kinds[k] = channelsFor(stored, k);
  return { kinds };
}

/** Notification text in a realtime payload is capped so the NOTIFY payload stays small. */
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export interface NotifyInput {
  userId: string;
  kind: string;
  title: string;
  body: string;
  link?: string | null;
  /** Refresh an unread notification of the same kind and link instead of adding another (e.g. new messages). */
  collapse?: boolean;
}

/**
 * Raises a notification; other features call this inside their own transaction. Honours the
 * user's settings for the kind: in the app (a row, published on the realtime channel when the
 * transaction commits — pg_notify is transactional) and by email (queued for the digest job,
 * which batches a burst into one mail). Answers the in-app row, or null when the user turned
 * in-app notifications of this kind off.
 */
export async function notify(db: DbOrTx, n: NotifyInput): Promise<repo.NotificationRow | null> {
  const channels = channelsFor(await repo.findSettings(db, n.userId), n.kind);
  const mailed = channels.email && isNotificationKind(n.kind) && NOTIFICATION_KIND_INFO[n.kind].mailedBy === 'digest';
  const values = { userId: n.userId, kind: n.kind, title: n.title, body: n.body, link: n.link ?? null };
  if (!channels.inApp) {
    if (mailed) await repo.queueEmail(db, { ...values, notificationId: null });
    return null;
  }
  // One statement: the row (refreshed or added), its queued mail and the unread count.
  const { row, unread } = await repo.raiseNotification(db, {
    ...values,
    collapse: n.collapse === true,
    queueEmail: mailed,
  });
  const shown = toNotification(row);
  await publishVia(db, n.userId, [
    { type: 'notification.created', data: { ...shown, title: clip(shown.title, 300), body: clip(shown.body, 1000) } },
    { type: 'unread.changed', data: { notifications: unread } },
  ]);
  return row;
}

/** Marks a link's notifications read (e.g. the conversation they point to was read) and publishes the new count. */
export async function markLinkRead(db: DbOrTx, userId: string, kind: NotificationKind, link: string): Promise<number> {
  const n = await repo.markReadByLink(db, userId, kind, link);
  if (n > 0)
    await publishVia(db, userId, [
      { type: 'unread.changed', data: { notifications: await repo.countUnread(db, userId) } },
    ]);
  return n;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** The kinds an unsubscribe link turns off: one kind, or every kind the digest mails. */
export function kindsOfScope(scope: UnsubscribeScope): NotificationKind[] {
  return scope === 'digest'
    ? NOTIFICATION_KINDS.filter((k) => NOTIFICATION_KIND_INFO[k].mailedBy === 'digest')
    : [scope];
}

/** What an unsubscribe link is about, for its confirmation page. */
export interface UnsubscribeInfo {
  kinds: NotificationKind[];
  labels: string[];
  /** The web page where every email choice can be changed. */
  settingsPath: string;
}

/** GET /api/notifications: a page as the API answers it. */
export interface NotificationsPage {
  data: Notification[];
  meta: PageMeta;
}

export function createNotificationsService({ db, config }: AppContext) {
  const tokens = unsubscribeTokens(config.jwtSecret);
  /** The user and kinds of a genuine link; a forged, damaged or deleted user's link is not found. */
  async function unsubscribeTarget(token: string) {
    const claims = tokens.verify(token);
    const role = claims && (await repo.findActiveUserRole(db, claims.userId));
    if (!claims || !role) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid');
    const kinds = kindsOfScope(claims.scope);
    const info: UnsubscribeInfo = {
      kinds,
      labels: kinds.map((k) => NOTIFICATION_KIND_INFO[k].label),
      settingsPath: role === 'admin' ? '/admin/dashboard' : `/${role}/settings/notifications`,
    };
    return { userId: claims.userId, info };
  }

  /** PUT /api/settings/notifications: changes only the kinds and channels given. */
  async function updateSettings(userId: string, body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
    return db.transaction(async (tx) => {
      const current = resolveSettings(await repo.findSettings(tx, userId)).kinds;
      for (const [kind, patch] of Object.entries(body.kinds) as [
        NotificationKind,
        Partial<NotificationChannels> | undefined,
      ][]) {
        if (patch) current[kind] = { ...current[kind], ...patch };
      }
      await repo.saveSettings(tx, userId, current);
      return { kinds: current };
    });
  }
  const pages = createOwnerPages<NotificationsPage>('notifications');
  const publishCount = async (userId: string) =>
    publishVia(db, userId, [{ type: 'unread.changed', data: { notifications: await repo.countUnread(db, userId) } }]);
  return {
    /** GET /api/notifications: newest first; kept per user and page while their notifications are unchanged. */
    list: (userId: string, page: number, pageSize: number): Promise<NotificationsPage> =>
      pages.answer(db, userId, `${page} ${pageSize}`, async () => {
        const { rows, total } = await repo.listNotifications(db, userId, page, pageSize);
        return { data: rows.map(toNotification), meta: { page, pageSize, total } };
      }),
    unreadCount: (userId: string) => repo.countUnreadPrepared(db, userId),
    async markRead(userId: string, id: string) {
      if (!(await repo.markRead(db, userId, id))) throw new AppError('NOT_FOUND', 'Notification not found');
      await publishCount(userId);
    },
    async markAllRead(userId: string) {
      const n = await repo.markAllRead(db, userId);
      if (n > 0) await publishCount(userId);
      return n;
    },

    /** GET /api/settings/notifications: every kind, with defaults filled in. */
    async getSettings(userId: string): Promise<NotificationSettings> {
      return resolveSettings(await repo.findSettings(db, userId));
    },

    /** GET /api/notifications/unsubscribe: what the link turns off (nothing changes yet). */
    async describeUnsubscribe(token: string): Promise<UnsubscribeInfo> {
      return (await unsubscribeTarget(token)).info;
    },

    /** POST /api/notifications/unsubscribe (RFC 8058 one-click): email off for the link's kinds. */
    async unsubscribe(token: string): Promise<UnsubscribeInfo> {
      const { userId, info } = await unsubscribeTarget(token);
      await updateSettings(userId, { kinds: Object.fromEntries(info.kinds.map((k) => [k, { email: false }])) });
      return info;
    },

    updateSettings,
  };
}

/** For the realtime channel's first event (the unread badge) and the live feed's alerts (a user's notification settings). */
export { countUnread, findSettings } from './notifications.repository.ts';
