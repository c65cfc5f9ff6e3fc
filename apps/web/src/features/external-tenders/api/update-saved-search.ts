import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** PUT /api/external-tenders/saved-searches/{id}: rename, change criteria or switch email alerts. */
export async function updateSavedSearch({ id, body }: { id: string; body: SavedSearchBody }): Promise<SavedSearch> {
  const res = await api.put<{ data: SavedSearch }>(
    `/api/external-tenders/saved-searches/${encodeURIComponent(id)}`,
    body,
  );
  return res.data;
}

export function useUpdateSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSavedSearch,
    onSuccess: () => qc.invalidateQueries({ queryKey: externalTenderKeys.savedSearches }),
  });
}
