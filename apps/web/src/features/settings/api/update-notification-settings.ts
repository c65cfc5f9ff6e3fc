import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, UpdateNotificationSettingsBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { settingsKeys } from './keys';

/** PUT /api/settings/notifications: only the kinds and channels given change. */
export async function updateNotificationSettings(body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
  const res = await api.put<{ data: NotificationSettings }>('/api/settings/notifications', body);
  return res.data;
}

export function useUpdateNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (s) => qc.setQueryData(settingsKeys.notifications, s),
  });
}
