import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ExternalTender, ExternalTenderPage } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

interface FavouriteResult {
  data: { id: string; isFavourited: boolean };
}

/** POST /api/external-tenders/favourites/{id} (idempotent). */
export function favouriteExternalTender(id: string) {
  return api.post<FavouriteResult>(`/api/external-tenders/favourites/${encodeURIComponent(id)}`);
}

/**
 * docs/product.md section 4: the local isFavourited flag flips only after the call succeeds, so the caches
 * are written from the server's answer, never optimistically.
 */
export function applyFavourite(qc: QueryClient, { id, isFavourited }: FavouriteResult['data']) {
  qc.setQueryData<ExternalTender>(externalTenderKeys.one(id), (t) => (t ? { ...t, isFavourited } : t));
  const patch = (page: ExternalTenderPage | undefined) =>
    page && { ...page, data: page.data.map((t) => (t.id === id ? { ...t, isFavourited } : t)) };
  qc.setQueriesData<ExternalTenderPage>({ queryKey: externalTenderKeys.searches }, patch);
  qc.setQueriesData<ExternalTenderPage>({ queryKey: externalTenderKeys.tops }, patch);
  return qc.invalidateQueries({ queryKey: externalTenderKeys.favourites });
}

export function useFavouriteExternalTender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: favouriteExternalTender,
    onSuccess: (res) => applyFavourite(qc, res.data),
  });
}
