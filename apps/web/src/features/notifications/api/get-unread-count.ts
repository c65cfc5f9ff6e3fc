import { useQuery } from '@tanstack/react-query';
import { useFallbackPollInterval } from '@/components/realtime';
import { api } from '@/lib/api';
import { notificationKeys } from './keys';

/** GET /api/notifications/unread-count answers `{ count }` (docs/product.md section 3, Notification). */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const res = await api.get<{ count: number }>('/api/notifications/unread-count', undefined, signal);
  return res.count;
}

/** Kept live by the realtime channel (`unread.changed`); polled only while the channel is down. */
export function useUnreadCount() {
  const refetchInterval = useFallbackPollInterval();
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval,
    // A background tab keeps its unread badges right while the live channel is down.
    refetchIntervalInBackground: true,
    retry: false,
  });
}
