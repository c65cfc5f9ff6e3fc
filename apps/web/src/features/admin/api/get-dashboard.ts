import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminDashboard, DashboardSelection } from '@brickyard/shared';
import { periodKey, periodQuery } from '@/components/charts';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** GET /api/admin/dashboard?range | ?from&to: every figure of the admin dashboard in one request. */
export async function getAdminDashboard(period: DashboardSelection, signal?: AbortSignal): Promise<AdminDashboard> {
  const res = await api.get<{ data: AdminDashboard }>('/api/admin/dashboard', periodQuery(period), signal);
  return res.data;
}

export function useAdminDashboard(period: DashboardSelection) {
  return useQuery({
    queryKey: adminKeys.dashboardFor(periodKey(period)),
    queryFn: ({ signal }) => getAdminDashboard(period, signal),
    placeholderData: keepPreviousData,
  });
}
