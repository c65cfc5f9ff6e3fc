import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingInfo } from '@brickyard/shared';
import { api } from '@/lib/api';
import { billingKeys } from './keys';

/** POST /api/billing/resume: takes back a cancellation before the period end. */
export async function resumeSubscription(): Promise<BillingInfo> {
  const res = await api.post<{ data: BillingInfo }>('/api/billing/resume');
  return res.data;
}

export function useResumeSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (info) => qc.setQueryData(billingKeys.info, info),
  });
}
