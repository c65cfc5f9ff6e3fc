import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Requirements, UpdateRequirementsBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { settingsKeys } from './keys';

/** PUT /api/requirements */
export async function updateRequirements(body: UpdateRequirementsBody): Promise<Requirements> {
  const res = await api.put<{ data: Requirements }>('/api/requirements', body);
  return res.data;
}

export function useUpdateRequirements() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateRequirements,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.profile }),
  });
}
