import { useQuery } from '@tanstack/react-query';
import type { BidAssistDetail } from '@brickyard/shared';
import { api } from '@/lib/api';
import { bidAssistKeys } from './keys';

/** GET /api/bid-assist/{id}: one request with its bid pack. */
export async function getBidAssistRequest(id: string, signal?: AbortSignal): Promise<BidAssistDetail> {
  const res = await api.get<{ data: BidAssistDetail }>(`/api/bid-assist/${encodeURIComponent(id)}`, undefined, signal);
  return res.data;
}

export function useBidAssistRequest(id: string | null) {
  return useQuery({
    queryKey: bidAssistKeys.one(id ?? ''),
    queryFn: ({ signal }) => getBidAssistRequest(id!, signal),
    enabled: !!id,
  });
}
