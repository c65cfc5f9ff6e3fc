import { useQuery } from '@tanstack/react-query';
import type { SecurityState } from '@brickyard/shared';
import { api } from '@/lib/api';

export const securityKey = ['settings', 'security'] as const;

/** GET /api/settings/security: two-factor sign-in state and session length. */
export async function getSecurity(signal?: AbortSignal): Promise<SecurityState> {
  const res = await api.get<{ data: SecurityState }>('/api/settings/security', undefined, signal);
  return res.data;
}

export function useSecurity() {
  return useQuery({ queryKey: securityKey, queryFn: ({ signal }) => getSecurity(signal) });
}
