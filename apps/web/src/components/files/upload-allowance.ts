import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadAllowance } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';

const allowanceKey = sharedKeys.uploads.allowance;

/** GET /api/upload/quota: uploads used this month and the plan's limit (null: unlimited). */
export async function getUploadAllowance(signal?: AbortSignal): Promise<UploadAllowance> {
  const res = await api.get<{ data: UploadAllowance }>('/api/upload/quota', undefined, signal);
  return res.data;
}

/** This month's upload allowance, refreshed after each upload (a file counts once it is stored). */
export function useUploadAllowance() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: allowanceKey,
    queryFn: ({ signal }) => getUploadAllowance(signal),
    staleTime: 30_000,
    retry: false,
  });
  return { allowance: query.data ?? null, refresh: () => void client.invalidateQueries({ queryKey: allowanceKey }) };
}
