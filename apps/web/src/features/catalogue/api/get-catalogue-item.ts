import { useQuery } from '@tanstack/react-query';
import type { CatalogueItem } from '@brickyard/shared';
import { api } from '@/lib/api';
import { catalogueKeys } from './keys';

/** GET /api/catalogue/{id}: the item under data.data. */
export async function getCatalogueItem(id: string, signal?: AbortSignal): Promise<CatalogueItem> {
  const res = await api.get<{ data: CatalogueItem }>(`/api/catalogue/${encodeURIComponent(id)}`, undefined, signal);
  return res.data;
}

export function useCatalogueItem(id: string | undefined) {
  return useQuery({
    queryKey: catalogueKeys.one(id),
    queryFn: ({ signal }) => getCatalogueItem(id!, signal),
    enabled: !!id,
    retry: false,
  });
}
