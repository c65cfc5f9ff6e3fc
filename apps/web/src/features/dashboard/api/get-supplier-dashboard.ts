import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardSelection, SupplierDashboard } from '@brickyard/shared';
import { periodKey, periodQuery } from '@/components/charts';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

/** GET /api/analytics/supplier?range | ?from&to: every figure of the supplier dashboard in one request. */
export async function getSupplierDashboard(
  period: DashboardSelection,
  signal?: AbortSignal,
): Promise<SupplierDashboard> {
  const res = await api.get<{ data: SupplierDashboard }>('/api/analytics/supplier', periodQuery(period), signal);
  return res.data;
}

export function useSupplierDashboard(period: DashboardSelection) {
  return useQuery({
    queryKey: dashboardKeys.supplier(periodKey(period)),
    queryFn: ({ signal }) => getSupplierDashboard(period, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.matchesUpdating ? 3000 : false),
  });
}
