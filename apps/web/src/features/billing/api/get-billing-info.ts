import { useQuery } from '@tanstack/react-query';
import type { BillingInfo } from '@brickyard/shared';
import { api } from '@/lib/api';
import { billingKeys } from './keys';

export async function getBillingInfo(): Promise<BillingInfo> {
  const res = await api.get<{ data: BillingInfo }>('/api/billing/info');
  return res.data;
}

export function useBillingInfo() {
  return useQuery({ queryKey: billingKeys.info, queryFn: getBillingInfo });
}
