import { useQuery } from '@tanstack/react-query';
import type { BidAssistDetail } from '@brickyard/shared';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** GET /api/bid-assist/{id} (admins may read any request). */
export async function getBidAssistRequest(id: string, signal?: AbortSignal): Promise<BidAssistDetail> {
  const res = await api.get<{ data: BidAssistDetail }>(`/api/bid-assist/${encodeURIComponent(id)}`, undefined, signal);
  return res.data;
}

export function useAdminBidAssistRequest(id: string | null) {
  return useQuery({
    queryKey: adminKeys.bidAssistOne(id),
    queryFn: ({ signal }) => getBidAssistRequest(id!, signal),
    enabled: !!id,
  });
}
