import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@brickyard/shared';
import { api } from '@/lib/api';
import { settingsKeys } from './keys';

/** GET /api/settings/profile: the caller's own profile, every field of docs/product.md section 3. */
export async function getProfileSettings(signal?: AbortSignal): Promise<Profile> {
  const res = await api.get<{ data: Profile }>('/api/settings/profile', undefined, signal);
  return res.data;
}

export function useProfileSettings() {
  return useQuery({ queryKey: settingsKeys.profile, queryFn: ({ signal }) => getProfileSettings(signal) });
}
