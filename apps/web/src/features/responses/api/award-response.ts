import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, TenderResponse } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';
import { sharedKeys } from '@/lib/query-keys';

/** POST /api/responses/{id}/award: a contract proposal for the response's total. */
export async function awardResponse({ id, terms }: { id: string; terms?: string }) {
  const res = await api.post<{ data: { response: TenderResponse; contract: Contract } }>(
    `/api/responses/${encodeURIComponent(id)}/award`,
    terms ? { terms } : {},
  );
  return res.data;
}

export function useAwardResponse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: awardResponse,
    onSuccess: async () => {
      // the tender is pending now, and a deal exists
      await Promise.all([
        qc.invalidateQueries({ queryKey: responseKeys.all }),
        qc.invalidateQueries({ queryKey: sharedKeys.tenders.all }),
        qc.invalidateQueries({ queryKey: sharedKeys.contracts.all }),
      ]);
    },
  });
}
