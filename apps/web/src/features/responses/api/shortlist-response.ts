import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenderResponse } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** POST /api/responses/{id}/shortlist (shortlisted: false takes it off the shortlist) */
export async function shortlistResponse({
  id,
  shortlisted,
}: {
  id: string;
  shortlisted: boolean;
}): Promise<TenderResponse> {
  const res = await api.post<{ data: TenderResponse }>(`/api/responses/${encodeURIComponent(id)}/shortlist`, {
    shortlisted,
  });
  return res.data;
}

export function useShortlistResponse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: shortlistResponse,
    onSuccess: () => qc.invalidateQueries({ queryKey: responseKeys.all }),
  });
}
