import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Counterparty, PageMeta } from '@brickyard/shared';
import { api } from '@/lib/api';
import { messagingKeys } from './keys';

export const USER_SEARCH_MIN_CHARS = 2;

/** GET /api/users/search?q: approved counterparties (the other role) by name or company. */
export async function searchUsers(q: string, signal?: AbortSignal) {
  return api.get<{ data: Counterparty[]; meta: PageMeta }>('/api/users/search', { q, pageSize: 10 }, signal);
}

export function useUserSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: messagingKeys.userSearch(term),
    queryFn: ({ signal }) => searchUsers(term, signal),
    enabled: term.length >= USER_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
