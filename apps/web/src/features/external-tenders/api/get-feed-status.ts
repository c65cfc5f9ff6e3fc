import { useQuery } from '@tanstack/react-query';
import type { FeedStatus } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** GET /api/external-tenders/status: when the feed last imported, whether that is stale, its counts. */
export async function getFeedStatus(signal?: AbortSignal): Promise<FeedStatus> {
  const res = await api.get<{ data: FeedStatus }>('/api/external-tenders/status', undefined, signal);
  return res.data;
}

export function useFeedStatus(enabled = true) {
  return useQuery({
    queryKey: externalTenderKeys.status,
    queryFn: ({ signal }) => getFeedStatus(signal),
    enabled,
    staleTime: 60_000,
  });
}
