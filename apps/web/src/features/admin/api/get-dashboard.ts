import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminDashboard, DashboardRange } from '@brickyard/shared';
import { api } from '@/lib/api';

/** GET /api/admin/dashboard?range: every figure of the admin dashboard in one request. */
export async function getAdminDashboard(range: DashboardRange, signal?: AbortSignal): Promise<AdminDashboard> {
  const res = await api.get<{ data: AdminDashboard }>('/api/admin/dashboard', { range }, signal);
  return res.data;
}

export function useAdminDashboard(range: DashboardRange) {
  return useQuery({
    queryKey: ['admin', 'dashboard', range],
    queryFn: ({ signal }) => getAdminDashboard(range, signal),
    placeholderData: keepPreviousData,
  });
}
