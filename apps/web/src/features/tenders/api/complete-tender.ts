import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tender } from '@brickyard/shared';
import { api } from '@/lib/api';
import { tenderKeys } from './keys';

/** POST /api/tender/{id}/complete: an active or pending tender becomes fulfilled. */
export async function completeTender(id: string): Promise<Tender> {
  const res = await api.post<{ data: Tender }>(`/api/tender/${encodeURIComponent(id)}/complete`);
  return res.data;
}

export function useCompleteTender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: completeTender,
    onSuccess: (t) => {
      qc.setQueryData(tenderKeys.one(t.id), t);
      return qc.invalidateQueries({ queryKey: tenderKeys.all });
    },
  });
}
