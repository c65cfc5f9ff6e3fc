import { useMutation } from '@tanstack/react-query';
import type { Session } from '@brickyard/shared';
import { api } from '@/lib/api';
import { saveSession } from '@/lib/session';

export async function changePassword(body: { password: string; newPassword: string }): Promise<Session> {
  const res = await api.post<{ data: Session }>('/api/auth/reset-password', body);
  return res.data;
}

/** The answer is a fresh session (other sessions end), so it replaces the stored one. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (session) => saveSession(session) });
}
