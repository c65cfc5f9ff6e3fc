import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExternalTender, PageMeta } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** GET /api/external-tenders/favourites/user: the caller's favourite tenders, paged. */
export function listFavouriteExternalTenders(page: number, pageSize: number, signal?: AbortSignal) {
  return api.get<{ data: ExternalTender[]; meta: PageMeta }>(
    '/api/external-tenders/favourites/user',
    { page, pageSize },
    signal,
  );
}

export function useFavouriteExternalTenders(page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: externalTenderKeys.favouritesPage(page, pageSize),
    queryFn: ({ signal }) => listFavouriteExternalTenders(page, pageSize, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
