import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta, TenderResponse } from '@brickyard/shared';
import { api } from '@/lib/api';
import { responseKeys } from './keys';

/** GET /api/responses/mine */
export function listMyResponses(page: number, signal?: AbortSignal) {
  return api.get<{ data: TenderResponse[]; meta: PageMeta }>('/api/responses/mine', { page, pageSize: 20 }, signal);
}

export function useMyResponses(page: number) {
  return useQuery({ queryKey: responseKeys.mine(page), queryFn: ({ signal }) => listMyResponses(page, signal), placeholderData: keepPreviousData });
}
