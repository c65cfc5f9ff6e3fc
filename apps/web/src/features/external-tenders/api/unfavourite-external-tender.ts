import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { applyFavourite } from './favourite-external-tender';

/** DELETE /api/external-tenders/favourites/{id} (idempotent). */
export function unfavouriteExternalTender(id: string) {
  return api.delete<{ data: { id: string; isFavourited: boolean } }>(
    `/api/external-tenders/favourites/${encodeURIComponent(id)}`,
  );
}

export function useUnfavouriteExternalTender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unfavouriteExternalTender,
    onSuccess: (res) => applyFavourite(qc, res.data),
  });
}
