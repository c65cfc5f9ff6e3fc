import { useInfiniteQuery } from '@tanstack/react-query';
import { useFallbackPollInterval } from '@/components/realtime';
import { api } from '@/lib/api';
import type { NotificationsPage } from './notifications-cache';
import { notificationKeys } from './keys';

export { upsertNotification, type NotificationsData, type NotificationsPage } from './notifications-cache';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications: newest first, a page at a time. */
export async function listNotifications(page = 1, pageSize = NOTIFICATIONS_PAGE_SIZE, signal?: AbortSignal) {
  return api.get<NotificationsPage>('/api/notifications', { page, pageSize }, signal);
}

export function useNotifications(enabled: boolean) {
  const refetchInterval = useFallbackPollInterval();
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => listNotifications(pageParam, NOTIFICATIONS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.page * last.meta.pageSize < last.meta.total ? last.meta.page + 1 : undefined,
    enabled,
    refetchInterval: enabled ? refetchInterval : false,
    refetchIntervalInBackground: true,
  });
}
