import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenderResponse } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** POST /api/responses/{id}/withdraw */
export async function withdrawResponse(id: string): Promise<TenderResponse> {
  const res = await api.post<{ data: TenderResponse }>(`/api/responses/${encodeURIComponent(id)}/withdraw`, {});
  return res.data;
}

export function useWithdrawResponse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawResponse,
    onSuccess: () => qc.invalidateQueries({ queryKey: responseKeys.all }),
  });
}
