import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';
import { settingsKeys } from './keys';

/** PUT /api/settings/profile: omitted fields stay as they are; null or '' clears one. */
export async function updateProfileSettings(body: UpdateProfileBody): Promise<Profile> {
  const res = await api.put<{ data: Profile }>('/api/settings/profile', body);
  return res.data;
}

export function useUpdateProfileSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfileSettings,
    onSuccess: (profile) => {
      qc.setQueryData(settingsKeys.profile, profile);
      // The profile view and anything showing the company name read the same data.
      return qc.invalidateQueries({ queryKey: sharedKeys.profiles.all });
    },
  });
}
