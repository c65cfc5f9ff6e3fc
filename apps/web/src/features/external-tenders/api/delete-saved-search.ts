import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** DELETE /api/external-tenders/saved-searches/{id}. */
export async function deleteSavedSearch(id: string): Promise<void> {
  await api.delete(`/api/external-tenders/saved-searches/${encodeURIComponent(id)}`);
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => qc.invalidateQueries({ queryKey: externalTenderKeys.savedSearches }),
  });
}
