import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { tenderKeys } from './keys';

/** DELETE /api/tender/{id}: the tender and its files. */
export async function deleteTender(id: string): Promise<void> {
  await api.delete(`/api/tender/${encodeURIComponent(id)}`);
}

export function useDeleteTender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTender,
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: tenderKeys.one(id) });
      return qc.invalidateQueries({ queryKey: tenderKeys.all });
    },
  });
}
