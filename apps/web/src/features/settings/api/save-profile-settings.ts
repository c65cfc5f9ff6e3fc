import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileAndRequirementsBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';
import { settingsKeys } from './keys';

/**
 * PUT /api/settings/profile-and-requirements: the profile settings form's one request, so a refused
 * field leaves neither the profile nor the requirements half saved. Omitted fields stay as they are.
 */
export async function saveProfileSettings(body: UpdateProfileAndRequirementsBody): Promise<Profile> {
  const res = await api.put<{ data: Profile }>('/api/settings/profile-and-requirements', body);
  return res.data;
}

export function useSaveProfileSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProfileSettings,
    onSuccess: (profile) => {
      qc.setQueryData(settingsKeys.profile, profile);
      // The profile view and anything showing the company name read the same data.
      return qc.invalidateQueries({ queryKey: sharedKeys.profiles.all });
    },
  });
}
