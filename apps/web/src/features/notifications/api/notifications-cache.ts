import type { InfiniteData } from '@tanstack/react-query';
import type { Notification, PageMeta } from '@brickyard/shared';

export interface NotificationsPage {
  data: Notification[];
  meta: PageMeta;
}
export type NotificationsData = InfiniteData<NotificationsPage>;

/** Puts a notification from the realtime channel at the top (or updates it in place: collapsed ones keep their id). */
export function upsertNotification(
  data: NotificationsData | undefined,
  n: Notification,
): NotificationsData | undefined {
  if (!data) return data;
  const pages = data.pages.map((p) => ({ ...p, data: p.data.filter((x) => x.id !== n.id) }));
  const existed = pages.reduce((s, p) => s + p.data.length, 0) < data.pages.reduce((s, p) => s + p.data.length, 0);
  const [first, ...rest] = pages;
  if (!first) return data;
  return {
    ...data,
    pages: [
      { ...first, data: [n, ...first.data], meta: { ...first.meta, total: first.meta.total + (existed ? 0 : 1) } },
      ...rest,
    ],
  };
}
