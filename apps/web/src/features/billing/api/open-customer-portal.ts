import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/billing/customer-portal: where payment details are managed (Stripe's portal, or this page). */
export async function openCustomerPortal(): Promise<{ url: string }> {
  const res = await api.post<{ data: { url: string } }>('/api/billing/customer-portal');
  return res.data;
}

export function useOpenCustomerPortal() {
  return useMutation({ mutationFn: openCustomerPortal });
}
