import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueItem } from '@brickyard/shared';
import { api } from '@/lib/api';
import type { CatalogueBody } from './catalogue-body';
import { catalogueKeys } from './keys';

/** PUT /api/catalogue/{id} */
export async function updateCatalogueItem({
  id,
  body,
}: {
  id: string;
  body: Partial<CatalogueBody>;
}): Promise<CatalogueItem> {
  const res = await api.put<{ data: CatalogueItem }>(`/api/catalogue/${encodeURIComponent(id)}`, body);
  return res.data;
}

export function useUpdateCatalogueItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCatalogueItem,
    onSuccess: (item) => {
      qc.setQueryData(catalogueKeys.one(item.id), item);
      return qc.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
