import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BidAssistRequest, BidAssistStatus } from '@brickyard/shared';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

export interface BidAssistQueue {
  data: BidAssistRequest[];
  meta: { page: number; pageSize: number; total: number; counts: Record<BidAssistStatus, number> };
}

/** GET /api/admin/bid-assist: open requests first, oldest first. */
export function listBidAssistQueue(status: BidAssistStatus | undefined, page: number, signal?: AbortSignal) {
  return api.get<BidAssistQueue>('/api/admin/bid-assist', { status, page, pageSize: 10 }, signal);
}

export function useBidAssistQueue(status: BidAssistStatus | undefined, page: number) {
  return useQuery({
    queryKey: adminKeys.bidAssistQueue(status, page),
    queryFn: ({ signal }) => listBidAssistQueue(status, page, signal),
    placeholderData: keepPreviousData,
  });
}
