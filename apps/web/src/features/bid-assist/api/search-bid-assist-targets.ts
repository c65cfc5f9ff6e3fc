import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BidAssistTarget } from '@brickyard/shared';
import { api } from '@/lib/api';
import { bidAssistKeys } from './keys';

/** GET /api/bid-assist/targets: our open tenders or the live feed, by text. */
export async function searchBidAssistTargets(
  kind: 'tender' | 'external',
  q: string,
  signal?: AbortSignal,
): Promise<BidAssistTarget[]> {
  const res = await api.get<{ data: BidAssistTarget[] }>('/api/bid-assist/targets', { kind, q }, signal);
  return res.data;
}

export function useBidAssistTargets(kind: 'tender' | 'external', q: string) {
  return useQuery({
    queryKey: bidAssistKeys.targets(kind, q),
    queryFn: ({ signal }) => searchBidAssistTargets(kind, q, signal),
    placeholderData: keepPreviousData,
  });
}
