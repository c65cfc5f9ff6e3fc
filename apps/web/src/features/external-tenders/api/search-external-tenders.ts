import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExternalTenderPage, ExternalTenderSearchQuery } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** GET /api/external-tenders/search: text, filters, sort and page; meta.facets holds the facet counts. */
export function searchExternalTenders(params: ExternalTenderSearchQuery, signal?: AbortSignal) {
  return api.get<ExternalTenderPage>('/api/external-tenders/search', { ...params }, signal);
}

export function useSearchExternalTenders(params: ExternalTenderSearchQuery, enabled = true) {
  return useQuery({
    queryKey: externalTenderKeys.search(params),
    queryFn: ({ signal }) => searchExternalTenders(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
