import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeResync } from '@/components/realtime';
import type { PageMeta, TenderResponse } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** GET /api/responses/mine */
export function listMyResponses(page: number, signal?: AbortSignal) {
  return api.get<{ data: TenderResponse[]; meta: PageMeta }>('/api/responses/mine', { page, pageSize: 20 }, signal);
}

/** Kept live: any response.changed event (shortlisted, awarded, unsuccessful) refetches the list. */
export function useMyResponses(page: number) {
  const qc = useQueryClient();
  const refetch = () => void qc.invalidateQueries({ queryKey: responseKeys.allMine });
  useRealtimeEvent((e) => {
    if (e.type === 'response.changed') refetch();
  });
  useRealtimeResync(refetch);
  return useQuery({
    queryKey: responseKeys.mine(page),
    queryFn: ({ signal }) => listMyResponses(page, signal),
    placeholderData: keepPreviousData,
  });
}
