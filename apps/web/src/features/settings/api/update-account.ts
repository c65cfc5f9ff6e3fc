import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, UpdateAccountBody } from '@brickyard/shared';
import { api } from '@/lib/api';
import { refreshSession } from '@/lib/refresh-session';
import { settingsKeys } from './keys';

export type AccountUpdateResult = Account & { message: string };

/** PUT /api/settings/account: names and phone at once; a new email only once confirmed. */
export async function updateAccount(body: UpdateAccountBody): Promise<AccountUpdateResult> {
  const res = await api.put<{ data: AccountUpdateResult }>('/api/settings/account', body);
  return res.data;
}

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: async (account) => {
      const { message: _message, ...rest } = account;
      qc.setQueryData(settingsKeys.account, rest);
      // The header shows the stored session's name: take a fresh one.
      await refreshSession().catch(() => undefined);
    },
  });
}
