import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordValidationBody } from '@brickyard/shared';
import { api } from '@/lib/api';

export async function forgotPasswordValidation(body: ForgotPasswordValidationBody): Promise<{ message: string }> {
  const res = await api.post<{ data: { message: string } }>('/api/auth/forgot-password-validation', body);
  return res.data;
}

export function useForgotPasswordValidation() {
  return useMutation({ mutationFn: forgotPasswordValidation });
}
