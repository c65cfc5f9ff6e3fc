import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta, TENDER_SORTS, Tender, TenderStatus } from '@brickyard/shared';
import { api } from '@/lib/api';
import { tenderKeys } from './keys';

export type TenderSort = (typeof TENDER_SORTS)[number];

export interface BuyerTendersParams {
  page: number;
  pageSize: number;
  q?: string;
  status?: TenderStatus;
  category?: string;
  region?: string;
  /** pounds */
  minBudget?: string;
  maxBudget?: string;
  sort?: TenderSort;
}

/** GET /api/tender/buyerTenders: the calling buyer's tenders, filtered, sorted and paged. */
export function listBuyerTenders(params: BuyerTendersParams, signal?: AbortSignal) {
  return api.get<{ data: Tender[]; meta: PageMeta }>('/api/tender/buyerTenders', { ...params }, signal);
}

export function useBuyerTenders(params: BuyerTendersParams) {
  return useQuery({
    queryKey: tenderKeys.buyer(params),
    queryFn: ({ signal }) => listBuyerTenders(params, signal),
    placeholderData: keepPreviousData,
  });
}
