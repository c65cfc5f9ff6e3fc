import { useQuery } from '@tanstack/react-query';
import type { CatalogueItem, MatchGroup } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';

/** Query keys of matching, shared by the Connect screen and the matches panels. */
export const matchKeys = {
  all: ['matches'] as const,
  groups: (role: 'buyer' | 'supplier', params: object) => ['matches', 'groups', role, params] as const,
  recommendations: (id: string, limit: number) => ['matches', 'recommendations', id, limit] as const,
};

/**
 * GET /api/tender/matches/recommendations/{id}: for the owner, the matches of their tender or
 * catalogue item; for a supplier reading a tender, which of their own items fit it.
 */
export async function getRecommendations(id: string, limit: number, signal?: AbortSignal): Promise<MatchGroup> {
  const res = await api.get<{ data: MatchGroup }>(
    `/api/tender/matches/recommendations/${encodeURIComponent(id)}`,
    { limit },
    signal,
  );
  return res.data;
}

export function useRecommendations(id: string | undefined, limit: number, enabled = true) {
  return useQuery({
    queryKey: matchKeys.recommendations(id ?? '', limit),
    queryFn: ({ signal }) => getRecommendations(id!, limit, signal),
    enabled: enabled && !!id,
    retry: false,
  });
}

/** GET /api/catalogue/{id} (same cache entry as the catalogue screens): a matched item's full details. */
export async function getMatchedCatalogueItem(id: string, signal?: AbortSignal): Promise<CatalogueItem> {
  const res = await api.get<{ data: CatalogueItem }>(`/api/catalogue/${encodeURIComponent(id)}`, undefined, signal);
  return res.data;
}

export function useMatchedCatalogueItem(id: string | null) {
  return useQuery({
    queryKey: sharedKeys.catalogue.one(id),
    queryFn: ({ signal }) => getMatchedCatalogueItem(id!, signal),
    enabled: !!id,
    retry: false,
  });
}
