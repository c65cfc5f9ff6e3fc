import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BuyerDashboard, DashboardRange } from '@brickyard/shared';
import { api } from '@/lib/api';

/** GET /api/analytics/buyer?range: every figure of the buyer dashboard in one request. */
export async function getBuyerDashboard(range: DashboardRange, signal?: AbortSignal): Promise<BuyerDashboard> {
  const res = await api.get<{ data: BuyerDashboard }>('/api/analytics/buyer', { range }, signal);
  return res.data;
}

export function useBuyerDashboard(range: DashboardRange) {
  return useQuery({
    queryKey: ['dashboard', 'buyer', range],
    queryFn: ({ signal }) => getBuyerDashboard(range, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.matchesUpdating ? 3000 : false),
  });
}
