import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BidAssistRequest, BidAssistUsage } from '@brickyard/shared';
import { api } from '@/lib/api';
import { bidAssistKeys } from './keys';

export interface BidAssistHistory {
  data: BidAssistRequest[];
  meta: { page: number; pageSize: number; total: number; usage: BidAssistUsage };
}

/** GET /api/bid-assist: the supplier's requests, newest first, with this month's usage. */
export function listBidAssistRequests(page: number, signal?: AbortSignal) {
  return api.get<BidAssistHistory>('/api/bid-assist', { page, pageSize: 10 }, signal);
}

export function useBidAssistRequests(page: number) {
  return useQuery({
    queryKey: bidAssistKeys.list(page),
    queryFn: ({ signal }) => listBidAssistRequests(page, signal),
    placeholderData: keepPreviousData,
  });
}
