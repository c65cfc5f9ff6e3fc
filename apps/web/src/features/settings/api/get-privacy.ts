import { useQuery } from '@tanstack/react-query';
import type { PrivacySettings } from '@brickyard/shared';
import { api } from '@/lib/api';

export const privacyKey = ['settings', 'privacy'] as const;

/** GET /api/settings/privacy: profile and contact visibility. */
export async function getPrivacy(signal?: AbortSignal): Promise<PrivacySettings> {
  const res = await api.get<{ data: PrivacySettings }>('/api/settings/privacy', undefined, signal);
  return res.data;
}

export function usePrivacy() {
  return useQuery({ queryKey: privacyKey, queryFn: ({ signal }) => getPrivacy(signal) });
}
