import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidAssistRequest, UpdateBidAssistBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** PUT /api/admin/bid-assist/{id}: submitted → in_review → completed (with a reply). */
export function updateBidAssistRequest({ id, ...body }: UpdateBidAssistBody & { id: string }) {
  return api.put<{ data: BidAssistRequest }>(`/api/admin/bid-assist/${encodeURIComponent(id)}`, body);
}

export function useUpdateBidAssistRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateBidAssistRequest,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.bidAssist }),
        qc.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]),
  });
}
