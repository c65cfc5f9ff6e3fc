import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { unreadCountKey } from './get-unread-count';
import { notificationsListKey, type NotificationsData } from './list-notifications';

/** PUT /api/notifications/read-all */
export async function markAllNotificationsRead(): Promise<void> {
  await api.put('/api/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      qc.setQueryData<NotificationsData>(notificationsListKey, (d) =>
        d ? { ...d, pages: d.pages.map((p) => ({ ...p, data: p.data.map((n) => ({ ...n, read: true })) })) } : d,
      );
      qc.setQueryData(unreadCountKey, 0);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
