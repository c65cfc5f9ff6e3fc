import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

export async function approveUser(userId: string): Promise<{ id: string; approved: boolean }> {
  const res = await api.post<{ data: { id: string; approved: boolean } }>('/api/auth/approve-user', { userId });
  return res.data;
}

export function useApproveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
