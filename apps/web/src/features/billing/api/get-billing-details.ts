import { useQuery } from '@tanstack/react-query';
import type { BillingDetails } from '@brickyard/shared';
import { api } from '@/lib/api';
import { billingKeys } from './keys';

/** GET /api/settings/billing: who invoices are made out to. */
export async function getBillingDetails(): Promise<BillingDetails> {
  const res = await api.get<{ data: BillingDetails }>('/api/settings/billing');
  return res.data;
}

export function useBillingDetails() {
  return useQuery({ queryKey: billingKeys.details, queryFn: getBillingDetails });
}
