import { useQuery } from '@tanstack/react-query';
import type { ResponseList } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** GET /api/tender/{id}/responses: the owner's (empty while sealed, with the count), or the supplier's own. */
export function listTenderResponses(tenderId: string, signal?: AbortSignal) {
  return api.get<ResponseList>(`/api/tender/${encodeURIComponent(tenderId)}/responses`, undefined, signal);
}

export function useTenderResponses(tenderId: string) {
  return useQuery({ queryKey: responseKeys.forTender(tenderId), queryFn: ({ signal }) => listTenderResponses(tenderId, signal) });
}
