import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, RegisterResult } from '@brickyard/shared';
import { api } from '@/lib/api';

export async function register(body: RegisterBody): Promise<RegisterResult> {
  const res = await api.post<{ data: RegisterResult }>('/api/auth/register', body);
  return res.data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
