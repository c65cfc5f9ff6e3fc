import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseBody, TenderResponse } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** PUT /api/responses/{id}: the whole response; submitting again makes a new version. */
export async function updateResponse({ id, body }: { id: string; body: ResponseBody }): Promise<TenderResponse> {
  const res = await api.put<{ data: TenderResponse }>(`/api/responses/${encodeURIComponent(id)}`, body);
  return res.data;
}

export function useUpdateResponse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateResponse,
    onSuccess: () => qc.invalidateQueries({ queryKey: responseKeys.all }),
  });
}
