import { useQuery } from '@tanstack/react-query';
import type { CatalogueItem, PageMeta } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** GET /api/catalogue?scope=mine: the supplier's own items, to price response lines from. */
export function listMyCatalogue(signal?: AbortSignal) {
  return api.get<{ data: CatalogueItem[]; meta: PageMeta }>(
    '/api/catalogue',
    { scope: 'mine', page: 1, pageSize: 100, sort: 'newest' },
    signal,
  );
}

export function useMyCatalogue(enabled: boolean) {
  return useQuery({
    queryKey: responseKeys.catalogue,
    queryFn: ({ signal }) => listMyCatalogue(signal),
    enabled,
    staleTime: 60_000,
  });
}
