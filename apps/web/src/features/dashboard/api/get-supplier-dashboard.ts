import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardRange, SupplierDashboard } from '@brickyard/shared';
import { api } from '@/lib/api';

/** GET /api/analytics/supplier?range: every figure of the supplier dashboard in one request. */
export async function getSupplierDashboard(range: DashboardRange, signal?: AbortSignal): Promise<SupplierDashboard> {
  const res = await api.get<{ data: SupplierDashboard }>('/api/analytics/supplier', { range }, signal);
  return res.data;
}

export function useSupplierDashboard(range: DashboardRange) {
  return useQuery({
    queryKey: ['dashboard', 'supplier', range],
    queryFn: ({ signal }) => getSupplierDashboard(range, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.matchesUpdating ? 3000 : false),
  });
}
