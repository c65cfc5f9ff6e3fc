import { useQuery } from '@tanstack/react-query';
import type { CpvSuggestions } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** GET /api/external-tenders/suggest: the CPV categories a partly typed query means. */
export function suggestCpv(q: string, signal?: AbortSignal) {
  return api.get<CpvSuggestions>('/api/external-tenders/suggest', { q }, signal);
}

export function useSuggestCpv(q: string, enabled = true) {
  return useQuery({
    queryKey: externalTenderKeys.suggest(q),
    queryFn: ({ signal }) => suggestCpv(q, signal),
    enabled: enabled && q.trim().length >= 2,
    staleTime: 5 * 60_000,
  });
}
