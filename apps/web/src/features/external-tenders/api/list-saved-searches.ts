import { useQuery } from '@tanstack/react-query';
import type { PageMeta, SavedSearch } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** GET /api/external-tenders/saved-searches: the caller's saved feed searches (up to 20). */
export function listSavedSearches(signal?: AbortSignal) {
  return api.get<{ data: SavedSearch[]; meta: PageMeta }>('/api/external-tenders/saved-searches', undefined, signal);
}

export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: externalTenderKeys.savedSearches,
    queryFn: ({ signal }) => listSavedSearches(signal),
    enabled,
  });
}
