import { useQuery } from '@tanstack/react-query';
import type { SecurityState } from '@brickyard/shared';
import { api } from '@/lib/api';
import { settingsKeys } from './keys';

/** GET /api/settings/security: two-factor sign-in state and session length. */
export async function getSecurity(signal?: AbortSignal): Promise<SecurityState> {
  const res = await api.get<{ data: SecurityState }>('/api/settings/security', undefined, signal);
  return res.data;
}

export function useSecurity() {
  return useQuery({ queryKey: settingsKeys.security, queryFn: ({ signal }) => getSecurity(signal) });
}
