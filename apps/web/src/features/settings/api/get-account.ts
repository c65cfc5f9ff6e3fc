import { useQuery } from '@tanstack/react-query';
import type { Account } from '@brickyard/shared';
import { api } from '@/lib/api';
import { settingsKeys } from './keys';

/** GET /api/settings/account: name, email (and a change waiting for confirmation) and phone. */
export async function getAccount(signal?: AbortSignal): Promise<Account> {
  const res = await api.get<{ data: Account }>('/api/settings/account', undefined, signal);
  return res.data;
}

export function useAccount() {
  return useQuery({ queryKey: settingsKeys.account, queryFn: ({ signal }) => getAccount(signal) });
}
