import { useQuery } from '@tanstack/react-query';
import type { ExternalTender } from '@brickyard/shared';
import { api } from '@/lib/api';
import { externalTenderKeys } from './keys';

/** GET /api/external-tenders/{id}: the tender under data, with isFavourited for the caller. */
export async function getExternalTender(id: string, signal?: AbortSignal): Promise<ExternalTender> {
  const res = await api.get<{ data: ExternalTender }>(
    `/api/external-tenders/${encodeURIComponent(id)}`,
    undefined,
    signal,
  );
  return res.data;
}

export function useExternalTender(id: string | undefined) {
  return useQuery({
    queryKey: externalTenderKeys.one(id),
    queryFn: ({ signal }) => getExternalTender(id!, signal),
    enabled: !!id,
    retry: false,
  });
}
