import { sharedKeys } from '@/lib/query-keys';

/** Query keys of notifications; a realtime resync invalidates `all`. */
export const notificationKeys = {
  ...sharedKeys.notifications,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};
