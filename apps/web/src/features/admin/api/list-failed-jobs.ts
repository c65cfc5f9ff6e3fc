import { useQuery } from '@tanstack/react-query';
import type { FailedJob } from '@brickyard/shared';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** GET /api/admin/jobs/failed: background jobs that used up their attempts, newest first. */
export async function listFailedJobs(signal?: AbortSignal): Promise<FailedJob[]> {
  const res = await api.get<{ data: FailedJob[] }>('/api/admin/jobs/failed', undefined, signal);
  return res.data;
}

export function useFailedJobs() {
  return useQuery({
    queryKey: adminKeys.failedJobs,
    queryFn: ({ signal }) => listFailedJobs(signal),
    // a failure shows up on its own while the dashboard is open
    refetchInterval: 60_000,
  });
}
