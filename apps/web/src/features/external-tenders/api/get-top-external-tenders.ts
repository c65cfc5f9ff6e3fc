import { useQuery } from '@tanstack/react-query';
import type { ExternalTenderPage } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** GET /api/external-tenders/top: the best current tenders for the calling supplier (open first). */
export function getTopExternalTenders(limit: number, signal?: AbortSignal) {
  return api.get<ExternalTenderPage>('/api/external-tenders/top', { limit }, signal);
}

export function useTopExternalTenders(limit: number, enabled = true) {
  return useQuery({
    queryKey: externalTenderKeys.top(limit),
    queryFn: ({ signal }) => getTopExternalTenders(limit, signal),
    enabled,
  });
}
