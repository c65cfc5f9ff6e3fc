import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type NotificationsData } from './list-notifications';
import { notificationKeys } from './keys';

/** PUT /api/notifications/read-all */
export async function markAllNotificationsRead(): Promise<void> {
  await api.put('/api/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      // A read of the list or the count still in flight answers what stood before this click: it is
      // cancelled, or it would put the unread marks back until the next read.
      await qc.cancelQueries({ queryKey: notificationKeys.all });
      qc.setQueryData<NotificationsData>(notificationKeys.list, (d) =>
        d ? { ...d, pages: d.pages.map((p) => ({ ...p, data: p.data.map((n) => ({ ...n, read: true })) })) } : d,
      );
      qc.setQueryData(notificationKeys.unreadCount, 0);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
