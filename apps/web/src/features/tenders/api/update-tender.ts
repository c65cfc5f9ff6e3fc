import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tender } from '@brickyard/shared';
import { api } from '@/lib/api';
import type { TenderBody } from './tender-body';
import { tenderKeys } from './keys';

/** PUT /api/tender/{id}: any subset of the fields, or a status change. */
export async function updateTender({ id, body }: { id: string; body: Partial<TenderBody> }): Promise<Tender> {
  const res = await api.put<{ data: Tender }>(`/api/tender/${encodeURIComponent(id)}`, body);
  return res.data;
}

export function useUpdateTender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTender,
    onSuccess: (t) => {
      qc.setQueryData(tenderKeys.one(t.id), t);
      return qc.invalidateQueries({ queryKey: tenderKeys.all });
    },
  });
}
