import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MatchGroupsResponse } from '@brickyard/shared';
import { matchKeys, type MatchViewer } from '@/components/matching';
import { api } from '@/lib/api';

export interface MatchListParams {
  page: number;
  /** groups (tenders or catalogue items) per page */
  pageSize: number;
  /** matches per group; the plan may show fewer (Core: 3) */
  limit: number;
  minScore: number;
}

/**
 * GET /api/tender/matches/buyer (catalogue items for each of the buyer's tenders) or
 * GET /api/tender/matches/supplier (open tenders for each of the supplier's catalogue items).
 */
export function listMatches(viewer: MatchViewer, params: MatchListParams, signal?: AbortSignal) {
  return api.get<MatchGroupsResponse>(`/api/tender/matches/${viewer}`, { ...params }, signal);
}

export function useMatches(viewer: MatchViewer, params: MatchListParams) {
  return useQuery({
    queryKey: matchKeys.groups(viewer, params),
    queryFn: ({ signal }) => listMatches(viewer, params, signal),
    placeholderData: keepPreviousData,
  });
}
