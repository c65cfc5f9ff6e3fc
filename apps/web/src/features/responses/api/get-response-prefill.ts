import type { ResponsePrefill } from '@brickyard/shared';
import { api } from '@/lib/api';

/** GET /api/tender/{id}/responses/prefill: a draft response from the bid pack of your catalogue and profile. */
export async function getResponsePrefill(tenderId: string): Promise<ResponsePrefill> {
  const res = await api.get<{ data: ResponsePrefill }>(`/api/tender/${encodeURIComponent(tenderId)}/responses/prefill`);
  return res.data;
}
