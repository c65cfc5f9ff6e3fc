import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingDetails, BillingDetailsInput } from '@brickyard/shared';
import { api } from '@/lib/api';
import { billingKeys } from './keys';

/** PUT /api/settings/billing: saves the details printed on the next invoices. */
export async function updateBillingDetails(body: BillingDetailsInput): Promise<BillingDetails> {
  const res = await api.put<{ data: BillingDetails }>('/api/settings/billing', body);
  return res.data;
}

export function useUpdateBillingDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateBillingDetails,
    onSuccess: (details) => qc.setQueryData(billingKeys.details, details),
  });
}
