import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePortfolioItemBody, PortfolioItem } from '@brickyard/shared';
import { api } from '@/lib/api';
import { sharedKeys } from '@/lib/query-keys';
import { settingsKeys } from './keys';

/** Supplier portfolio (docs/product.md section 3 Profile): POST /api/portfolio, PUT and DELETE /api/portfolio/{id}. */
export async function createPortfolioItem(body: CreatePortfolioItemBody): Promise<PortfolioItem> {
  const res = await api.post<{ data: PortfolioItem }>('/api/portfolio', body);
  return res.data;
}

export async function updatePortfolioItem({
  id,
  body,
}: {
  id: string;
  body: Partial<CreatePortfolioItemBody>;
}): Promise<PortfolioItem> {
  const res = await api.put<{ data: PortfolioItem }>(`/api/portfolio/${encodeURIComponent(id)}`, body);
  return res.data;
}

export async function deletePortfolioItem(id: string): Promise<void> {
  await api.delete(`/api/portfolio/${encodeURIComponent(id)}`);
}

function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: settingsKeys.profile }),
      qc.invalidateQueries({ queryKey: sharedKeys.profiles.all }),
    ]);
}

export function useCreatePortfolioItem() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createPortfolioItem, onSuccess: refresh });
}
export function useUpdatePortfolioItem() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: updatePortfolioItem, onSuccess: refresh });
}
export function useDeletePortfolioItem() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deletePortfolioItem, onSuccess: refresh });
}
