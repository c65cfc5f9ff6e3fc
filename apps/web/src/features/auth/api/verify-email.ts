import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authKeys } from './keys';

export async function verifyEmail(token: string): Promise<{ message: string }> {
  const res = await api.get<{ data: { message: string } }>('/api/auth/verify-email', { token });
  return res.data;
}

/** The token is single use: fetch once, never retry or refetch (StrictMode mounts twice). */
export function useVerifyEmail(token: string | null) {
  return useQuery({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token!),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  });
}
