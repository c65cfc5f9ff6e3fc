import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidAssistDetail, BidAssistUsage, CreateBidAssistBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { bidAssistKeys } from './keys';

/** POST /api/bid-assist: answers the request with its generated bid pack. */
export function createBidAssistRequest(body: CreateBidAssistBody) {
  return api.post<{ data: BidAssistDetail; meta: { usage: BidAssistUsage } }>('/api/bid-assist', body);
}

export function useCreateBidAssistRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBidAssistRequest,
    onSuccess: (res) => {
      qc.setQueryData(bidAssistKeys.one(res.data.id), res.data);
      return qc.invalidateQueries({ queryKey: bidAssistKeys.lists });
    },
  });
}
