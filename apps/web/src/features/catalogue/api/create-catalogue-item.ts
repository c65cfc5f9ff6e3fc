import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueItem } from '@brickyard/shared';
import { api } from '@/lib/api';
import type { CatalogueBody } from './catalogue-body';
import { catalogueKeys } from './keys';

/** POST /api/catalogue */
export async function createCatalogueItem(body: CatalogueBody): Promise<CatalogueItem> {
  const res = await api.post<{ data: CatalogueItem }>('/api/catalogue', body);
  return res.data;
}

export function useCreateCatalogueItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCatalogueItem,
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
