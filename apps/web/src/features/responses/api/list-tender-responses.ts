import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFallbackPollInterval, useRealtimeEvent, useRealtimeResync } from '@/components/realtime';
import type { ResponseList } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** GET /api/tender/{id}/responses: the owner's (empty while sealed, with the count), or the supplier's own. */
export function listTenderResponses(tenderId: string, signal?: AbortSignal) {
  return api.get<ResponseList>(`/api/tender/${encodeURIComponent(tenderId)}/responses`, undefined, signal);
}

/** Kept live: a response.changed event for this tender refetches it (polling only while the channel is down). */
export function useTenderResponses(tenderId: string) {
  const qc = useQueryClient();
  const refetch = () => void qc.invalidateQueries({ queryKey: responseKeys.forTender(tenderId) });
  useRealtimeEvent((e) => {
    if (e.type === 'response.changed' && e.data.tenderId === tenderId) refetch();
  });
  useRealtimeResync(refetch);
  const refetchInterval = useFallbackPollInterval();
  return useQuery({
    queryKey: responseKeys.forTender(tenderId),
    queryFn: ({ signal }) => listTenderResponses(tenderId, signal),
    refetchInterval,
  });
}
