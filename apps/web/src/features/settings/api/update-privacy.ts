import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacySettings } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';
import { settingsKeys } from './keys';

/** PUT /api/settings/privacy */
export async function updatePrivacy(body: Partial<PrivacySettings>): Promise<PrivacySettings> {
  const res = await api.put<{ data: PrivacySettings }>('/api/settings/privacy', body);
  return res.data;
}

export function useUpdatePrivacy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacy,
    onSuccess: (p) => {
      qc.setQueryData(settingsKeys.privacy, p);
      return qc.invalidateQueries({ queryKey: sharedKeys.profiles.all });
    },
  });
}
