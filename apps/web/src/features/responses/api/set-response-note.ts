import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenderResponse } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** PUT /api/responses/{id}/note: the buyer's private note on a response. */
export async function setResponseNote({ id, note }: { id: string; note: string }): Promise<TenderResponse> {
  const res = await api.put<{ data: TenderResponse }>(`/api/responses/${encodeURIComponent(id)}/note`, { note });
  return res.data;
}

export function useSetResponseNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setResponseNote,
    onSuccess: () => qc.invalidateQueries({ queryKey: responseKeys.all }),
  });
}
