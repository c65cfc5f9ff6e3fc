import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse, SearchType } from '@brickyard/shared';
import { api } from '@/lib/api';
import { searchKeys } from './keys';

export interface MarketplaceSearchParams {
  q: string;
  type: Extract<SearchType, 'tenders' | 'catalogue'>;
  category?: string;
  region?: string;
  page: number;
  pageSize: number;
}

/** GET /api/search: ranked tenders or catalogue items (text + meaning) with filters and facets. */
export function searchMarketplace(params: MarketplaceSearchParams, signal?: AbortSignal) {
  return api.get<SearchResponse>('/api/search', { ...params, sort: 'relevance' }, signal);
}

export function useMarketplaceSearch(params: MarketplaceSearchParams, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.marketplace(params),
    queryFn: ({ signal }) => searchMarketplace(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
