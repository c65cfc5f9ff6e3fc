import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@brickyard/shared';
import { api } from '@/lib/api';
import { profileKeys } from './keys';

/**
 * GET /api/users/profile/{id} (docs/product.md section 7: the profile under data.data), or
 * GET /api/users/profile/me for the current user's own profile.
 */
export async function getProfile(userId: string | null, signal?: AbortSignal): Promise<Profile> {
  const path = userId ? `/api/users/profile/${encodeURIComponent(userId)}` : '/api/users/profile/me';
  const res = await api.get<{ data: Profile }>(path, undefined, signal);
  return res.data;
}

export function useProfile(userId: string | null) {
  return useQuery({
    queryKey: profileKeys.one(userId),
    queryFn: ({ signal }) => getProfile(userId, signal),
    retry: false,
  });
}
