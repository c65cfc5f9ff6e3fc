import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Contract, ContractStatus, ContractTotals } from '@brickyard/shared';
import { api } from '@/lib/api';
import { contractKeys } from './keys';

export interface ContractsParams {
  page: number;
  pageSize: number;
  status?: ContractStatus;
}

export interface ContractsPage {
  data: Contract[];
  meta: { page: number; pageSize: number; total: number; totals: ContractTotals };
}

/** GET /api/contract/user/{id}: the user's deals, newest first, with totals by status over all of them. */
export function listContracts(userId: string, params: ContractsParams, signal?: AbortSignal) {
  return api.get<ContractsPage>(`/api/contract/user/${encodeURIComponent(userId)}`, { ...params }, signal);
}

export function useContracts(userId: string | undefined, params: ContractsParams) {
  return useQuery({
    queryKey: contractKeys.forUser(userId, params),
    queryFn: ({ signal }) => listContracts(userId!, params, signal),
    enabled: !!userId,
    placeholderData: keepPreviousData,
  });
}
