import { useQuery } from '@tanstack/react-query';
import type { PrivacySettings } from '@brickyard/shared';
import { api } from '@/lib/api';
import { settingsKeys } from './keys';

/** GET /api/settings/privacy: profile and contact visibility. */
export async function getPrivacy(signal?: AbortSignal): Promise<PrivacySettings> {
  const res = await api.get<{ data: PrivacySettings }>('/api/settings/privacy', undefined, signal);
  return res.data;
}

export function usePrivacy() {
  return useQuery({ queryKey: settingsKeys.privacy, queryFn: ({ signal }) => getPrivacy(signal) });
}
