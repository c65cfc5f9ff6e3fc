import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export async function resendVerification(body: { email: string }): Promise<{ message: string }> {
  const res = await api.post<{ data: { message: string } }>('/api/auth/resend-verification', body);
  return res.data;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
