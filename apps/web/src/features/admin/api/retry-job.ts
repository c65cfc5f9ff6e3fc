import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** POST /api/admin/jobs/{id}/retry: queues a failed job again with fresh attempts. */
export async function retryJob(id: string): Promise<{ id: string; retried: true }> {
  const res = await api.post<{ data: { id: string; retried: true } }>(`/api/admin/jobs/${id}/retry`);
  return res.data;
}

export function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.failedJobs }),
  });
}
