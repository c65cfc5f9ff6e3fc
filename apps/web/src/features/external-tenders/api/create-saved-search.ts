import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** POST /api/external-tenders/saved-searches: save a feed search with email alerts on or off. */
export async function createSavedSearch(body: SavedSearchBody): Promise<SavedSearch> {
  const res = await api.post<{ data: SavedSearch }>('/api/external-tenders/saved-searches', body);
  return res.data;
}

export function useCreateSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    // Saved searches also steer "Top for you".
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: externalTenderKeys.savedSearches }),
        qc.invalidateQueries({ queryKey: externalTenderKeys.tops }),
      ]),
  });
}
