import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpgradeBody, UpgradeResult } from '@brickyard/shared';
import { api } from '@/lib/api';
import { billingKeys } from './keys';

/** POST /api/billing/upgrade: starts a subscription, or changes the plan/cycle of the one in force. */
export async function upgrade(body: UpgradeBody): Promise<UpgradeResult> {
  const res = await api.post<{ data: UpgradeResult }>('/api/billing/upgrade', body);
  return res.data;
}

export function useUpgrade() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: upgrade,
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
