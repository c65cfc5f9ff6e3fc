import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogueItem,
  Contract,
  Counterparty,
  CreateContractBody,
  MatchGroup,
  PageMeta,
  ResponseList,
  Tender,
} from '@brickyard/shared';
import { api } from '@/lib/api';
import { notify } from '@/lib/toast';
import { sharedKeys } from '@/lib/query-keys';

/**
 * The calls behind awarding a tender, shared by the tender details screen and Deals.
 * Query keys start with 'contracts' so every deals view refreshes after an award.
 */

/** POST /api/contract: the buyer awards one of their active tenders (the tender becomes pending). */
export async function createContract(body: CreateContractBody): Promise<Contract> {
  const res = await api.post<{ data: Contract }>('/api/contract', body);
  return res.data;
}

export function useCreateContract() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createContract,
    // The toast is said here, not in mutate()'s own callbacks: refreshing the tender swaps its Award
    // button for "View deal", which unmounts the dialog, and TanStack Query then skips those.
    onSuccess: (c) => {
      notify.success(`Tender awarded to ${c.supplier.companyName}`);
      return Promise.all([
        qc.invalidateQueries({ queryKey: sharedKeys.contracts.all }),
        qc.invalidateQueries({ queryKey: sharedKeys.tenders.all }),
      ]);
    },
  });
}

/** GET /api/contract/tender/{id}: a tender's contracts (all of them for its buyer). */
export function useTenderContracts(tenderId: string | undefined) {
  return useQuery({
    queryKey: sharedKeys.contracts.forTender(tenderId),
    queryFn: ({ signal }) =>
      api.get<{ data: Contract[]; meta: PageMeta }>(
        `/api/contract/tender/${encodeURIComponent(tenderId!)}`,
        undefined,
        signal,
      ),
    enabled: !!tenderId,
  });
}

/** GET /api/users/search?q: suppliers a buyer may award to (the server answers the opposite role). */
export function useSupplierSearch(q: string) {
  return useQuery({
    queryKey: sharedKeys.users.search(q),
    queryFn: ({ signal }) =>
      api.get<{ data: Counterparty[]; meta: PageMeta }>('/api/users/search', { q, pageSize: 8 }, signal),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });
}

/** GET /api/catalogue/user/{id}: one supplier's catalogue, to award against one of its items. */
export function useSupplierCatalogue(userId: string | undefined) {
  return useQuery({
    queryKey: sharedKeys.catalogue.awardable(userId),
    queryFn: ({ signal }) =>
      api.get<{ data: CatalogueItem[]; meta: PageMeta }>(
        `/api/catalogue/user/${encodeURIComponent(userId!)}`,
        { pageSize: 100 },
        signal,
      ),
    enabled: !!userId,
    staleTime: 60_000,
  });
}

/** GET /api/tender/buyerTenders?status=active: the buyer's tenders that can be awarded. */
export function useAwardableTenders(enabled: boolean) {
  return useQuery({
    queryKey: sharedKeys.tenders.awardable,
    queryFn: ({ signal }) =>
      api.get<{ data: Tender[]; meta: PageMeta }>(
        '/api/tender/buyerTenders',
        { status: 'active', pageSize: 100, sort: 'newest' },
        signal,
      ),
    enabled,
  });
}

/**
 * GET /api/tender/matches/recommendations/{id}: the catalogue items matched to the buyer's tender,
 * so the award dialog offers the winning supplier's matched items first.
 */
export function useTenderMatches(tenderId: string | undefined) {
  return useQuery({
    queryKey: sharedKeys.matches.forAward(tenderId),
    queryFn: ({ signal }) =>
      api.get<{ data: MatchGroup }>(
        `/api/tender/matches/recommendations/${encodeURIComponent(tenderId!)}`,
        { limit: 100 },
        signal,
      ),
    enabled: !!tenderId,
    staleTime: 60_000,
  });
}

/** GET /api/tender/{id}/responses: the priced responses (none while sealed), for the award's value. */
export function useTenderResponsesForAward(tenderId: string | undefined) {
  return useQuery({
    queryKey: sharedKeys.responses.forAward(tenderId),
    queryFn: ({ signal }) =>
      api.get<ResponseList>(`/api/tender/${encodeURIComponent(tenderId!)}/responses`, undefined, signal),
    enabled: !!tenderId,
    staleTime: 30_000,
  });
}
