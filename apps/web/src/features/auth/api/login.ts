import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, Session } from '@brickyard/shared';
import { api } from '@/lib/api';
import { saveSession } from '@/lib/session';

export async function login(body: LoginBody): Promise<Session> {
  const res = await api.post<{ data: Session }>('/api/auth/login', body);
  return res.data;
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      // Nothing cached for a previous user may leak into this one's screens.
      qc.removeQueries();
      saveSession(session);
    },
  });
}
