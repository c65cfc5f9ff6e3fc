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
    onMutate: () => {
      qc.setQueryData<NotificationsData>(notificationKeys.list, (d) =>
        d ? { ...d, pages: d.pages.map((p) => ({ ...p, data: p.data.map((n) => ({ ...n, read: true })) })) } : d,
      );
      qc.setQueryData(notificationKeys.unreadCount, 0);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
