import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type NotificationsData } from './list-notifications';
import { notificationKeys } from './keys';

/** PUT /api/notifications/{id}/read */
export async function markNotificationRead(id: string): Promise<void> {
  await api.put(`/api/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      // (a read still in flight would put the unread mark back: see useMarkAllNotificationsRead)
      await qc.cancelQueries({ queryKey: notificationKeys.all });
      let wasUnread = false;
      qc.setQueryData<NotificationsData>(notificationKeys.list, (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p) => ({
                ...p,
                data: p.data.map((n) => {
                  if (n.id !== id || n.read) return n;
                  wasUnread = true;
                  return { ...n, read: true };
                }),
              })),
            }
          : d,
      );
      if (wasUnread) qc.setQueryData<number>(notificationKeys.unreadCount, (c) => Math.max(0, (c ?? 1) - 1));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
