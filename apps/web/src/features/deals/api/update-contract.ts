import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractActionBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';
import { contractKeys } from './keys';

/** PUT /api/contract/{id}: one lifecycle step (accept, decline, cancel, update). */
export async function updateContract(id: string, body: ContractActionBody): Promise<Contract> {
  const res = await api.put<{ data: Contract }>(`/api/contract/${encodeURIComponent(id)}`, body);
  return res.data;
}

export function useUpdateContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContractActionBody }) => updateContract(id, body),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: contractKeys.all }),
        qc.invalidateQueries({ queryKey: sharedKeys.tenders.all }),
      ]),
  });
}
