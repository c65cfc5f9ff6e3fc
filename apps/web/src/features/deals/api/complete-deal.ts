import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tender } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';
import { contractKeys } from './keys';

/** POST /api/tender/{id}/complete: the buyer completes the tender, which fulfils its active contract. */
export async function completeDeal(tenderId: string): Promise<Tender> {
  const res = await api.post<{ data: Tender }>(`/api/tender/${encodeURIComponent(tenderId)}/complete`);
  return res.data;
}

export function useCompleteDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: completeDeal,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: contractKeys.all }),
        qc.invalidateQueries({ queryKey: sharedKeys.tenders.all }),
      ]),
  });
}
