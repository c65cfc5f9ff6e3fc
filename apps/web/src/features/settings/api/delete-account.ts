import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@brickyard/shared';
import { apiRequest } from '@/lib/api';

/** DELETE /api/settings/account: typed confirmation, password, and a code when two-factor sign-in is on. */
export async function deleteAccount(body: DeleteAccountBody): Promise<{ message: string }> {
  const res = await apiRequest<{ data: { message: string } }>('/api/settings/account', { method: 'DELETE', body });
  return res.data;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
