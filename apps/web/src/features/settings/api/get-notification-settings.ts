import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@brickyard/shared';
import { api } from '@/lib/api';
import { settingsKeys } from './keys';

/** GET /api/settings/notifications: in-app and email, per kind, defaults filled in. */
export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  const res = await api.get<{ data: NotificationSettings }>('/api/settings/notifications', undefined, signal);
  return res.data;
}

export function useNotificationSettings() {
  return useQuery({ queryKey: settingsKeys.notifications, queryFn: ({ signal }) => getNotificationSettings(signal) });
}
