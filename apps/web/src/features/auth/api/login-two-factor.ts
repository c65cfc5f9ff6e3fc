import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginTwoFactorBody, Session } from '@brickyard/shared';
import { api } from '@/lib/api';
import { saveSession } from '@/lib/session';

/** POST /api/auth/login/2fa: completes a sign-in that answered TWO_FACTOR_REQUIRED. */
export async function loginTwoFactor(body: LoginTwoFactorBody): Promise<Session> {
  const res = await api.post<{ data: Session }>('/api/auth/login/2fa', body);
  return res.data;
}

export function useLoginTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: (session) => {
      qc.removeQueries();
      saveSession(session);
    },
  });
}
