import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseBody, TenderResponse } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** POST /api/tender/{id}/responses */
export async function createResponse({
  tenderId,
  body,
}: {
  tenderId: string;
  body: ResponseBody;
}): Promise<TenderResponse> {
  const res = await api.post<{ data: TenderResponse }>(`/api/tender/${encodeURIComponent(tenderId)}/responses`, body);
  return res.data;
}

export function useCreateResponse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createResponse,
    onSuccess: () => qc.invalidateQueries({ queryKey: responseKeys.all }),
  });
}
