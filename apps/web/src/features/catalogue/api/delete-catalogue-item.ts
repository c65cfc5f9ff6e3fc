import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogueKeys } from './keys';

/** DELETE /api/catalogue/{id}: the item and its files. */
export async function deleteCatalogueItem(id: string): Promise<void> {
  await api.delete(`/api/catalogue/${encodeURIComponent(id)}`);
}

export function useDeleteCatalogueItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCatalogueItem,
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: catalogueKeys.one(id) });
      return qc.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
