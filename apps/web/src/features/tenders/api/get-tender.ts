import { useQuery } from '@tanstack/react-query';
import type { Tender } from '@brickyard/shared';
import { api } from '@/lib/api';
import { tenderKeys } from './keys';

/** GET /api/tender/{id}: the tender under data.data. */
export async function getTender(id: string, signal?: AbortSignal): Promise<Tender> {
  const res = await api.get<{ data: Tender }>(`/api/tender/${encodeURIComponent(id)}`, undefined, signal);
  return res.data;
}

export function useTender(id: string | undefined) {
  return useQuery({
    queryKey: tenderKeys.one(id),
    queryFn: ({ signal }) => getTender(id!, signal),
    enabled: !!id,
    retry: false,
  });
}
