import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tender } from '@brickyard/shared';
import { api } from '@/lib/api';
import type { TenderBody } from './tender-body';
import { tenderKeys } from './keys';

/** POST /api/tender */
export async function createTender(body: TenderBody & { status: 'draft' | 'active' }): Promise<Tender> {
  const res = await api.post<{ data: Tender }>('/api/tender', body);
  return res.data;
}

export function useCreateTender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTender,
    onSuccess: () => qc.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
