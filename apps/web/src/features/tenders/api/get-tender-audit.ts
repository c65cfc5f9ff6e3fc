import { useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@brickyard/shared';
import { api } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';
import { tenderKeys } from './keys';

/** GET /api/tender/{id}/audit?format=json: the audit trail, shown on the owner's details page. */
export async function getTenderAudit(id: string, signal?: AbortSignal): Promise<AuditEvent[]> {
  const res = await api.get<{ data: { events: AuditEvent[] } }>(
    `/api/tender/${encodeURIComponent(id)}/audit`,
    { format: 'json' },
    signal,
  );
  return res.data.events;
}

export function useTenderAudit(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: tenderKeys.audit(id),
    queryFn: ({ signal }) => getTenderAudit(id!, signal),
    enabled: !!id && enabled,
    retry: false,
  });
}

/** GET /api/tender/{id}/audit?format=pdf|csv saved as a file. */
export function exportTenderAudit(id: string, format: 'pdf' | 'csv'): Promise<boolean> {
  return downloadFromApi(`/api/tender/${encodeURIComponent(id)}/audit`, { format }, `tender-audit.${format}`);
}
