import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CATALOGUE_SORTS, CatalogueItem, PageMeta } from '@brickyard/shared';
import { api } from '@/lib/api';
import { catalogueKeys } from './keys';

export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export interface CatalogueParams {
  page: number;
  pageSize: number;
  /** mine: the supplier's own items; all: every supplier's (the marketplace view) */
  scope: 'mine' | 'all';
  q?: string;
  category?: string;
  region?: string;
  availability?: string;
  inStock?: 'true' | 'false';
  /** pounds */
  minPrice?: string;
  maxPrice?: string;
  sort?: CatalogueSort;
}

/** GET /api/catalogue */
export function listCatalogue(params: CatalogueParams, signal?: AbortSignal) {
  return api.get<{ data: CatalogueItem[]; meta: PageMeta }>('/api/catalogue', { ...params }, signal);
}

export function useCatalogue(params: CatalogueParams) {
  return useQuery({
    queryKey: catalogueKeys.list(params),
    queryFn: ({ signal }) => listCatalogue(params, signal),
    placeholderData: keepPreviousData,
  });
}
