import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export async function forgotPassword(body: { email: string }): Promise<{ message: string }> {
  const res = await api.post<{ data: { message: string } }>('/api/auth/forgot-password', body);
  return res.data;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
