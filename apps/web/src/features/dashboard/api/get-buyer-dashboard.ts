import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BuyerDashboard, DashboardSelection } from '@brickyard/shared';
import { periodKey, periodQuery } from '@/components/charts';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

/** GET /api/analytics/buyer?range | ?from&to: every figure of the buyer dashboard in one request. */
export async function getBuyerDashboard(period: DashboardSelection, signal?: AbortSignal): Promise<BuyerDashboard> {
  const res = await api.get<{ data: BuyerDashboard }>('/api/analytics/buyer', periodQuery(period), signal);
  return res.data;
}

export function useBuyerDashboard(period: DashboardSelection) {
  return useQuery({
    queryKey: dashboardKeys.buyer(periodKey(period)),
    queryFn: ({ signal }) => getBuyerDashboard(period, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.matchesUpdating ? 3000 : false),
  });
}
