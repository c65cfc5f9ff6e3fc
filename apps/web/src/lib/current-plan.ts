import { useQuery } from '@tanstack/react-query';
import { PLANS, type BillingInfo, type PlanType } from '@brickyard/shared';
import { api } from './api';
import { useSession } from './session';
import { sharedKeys } from '@/lib/query-keys';

/**
 * The plan in force for the signed-in customer (GET /api/billing/info, the same cache entry as
 * the Billing screen, so a plan change refreshes it), for screens that show what the plan includes
 * before asking the server for it. null while unknown, for admins, and without a subscription.
 */
export function useCurrentPlan(): { plan: PlanType | null; known: boolean; loading: boolean } {
  const session = useSession();
  const customer = !!session && session.role !== 'admin' && session.hasActiveSubscription;
  const query = useQuery({
    queryKey: sharedKeys.billing.info,
    queryFn: async () => (await api.get<{ data: BillingInfo }>('/api/billing/info')).data,
    enabled: customer,
    staleTime: 60_000,
  });
  return {
    plan: query.data?.subscription?.plan ?? null,
    known: customer && query.isSuccess,
    loading: customer && query.isPending,
  };
}

/**
 * Whether the current plan includes the live feed: null while the plan loads; true when it is
 * not known (the server's 402 still decides).
 */
export function useLiveFeedAllowed(): boolean | null {
  const { plan, known, loading } = useCurrentPlan();
  if (loading) return null;
  if (!known) return true;
  return plan ? PLANS[plan].limits.liveFeed : false;
}
