import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingInfo } from '@brickyard/shared';
import { api } from '@/lib/api';
import { billingKeys } from './keys';

/** POST /api/billing/cancel: ends the subscription at the period end; answers the new billing info. */
export async function cancelSubscription(): Promise<BillingInfo> {
  const res = await api.post<{ data: BillingInfo }>('/api/billing/cancel');
  return res.data;
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (info) => qc.setQueryData(billingKeys.info, info),
  });
}
