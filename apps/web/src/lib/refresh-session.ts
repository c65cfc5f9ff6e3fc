import type { Session } from '@brickyard/shared';
import { api } from './api';
import { saveSession } from './session';

/** GET /api/auth/session answers a fresh session (new token, current approval and subscription). */
export async function fetchSession(): Promise<Session> {
  const res = await api.get<{ data: Session }>('/api/auth/session');
  return res.data;
}

export async function refreshSession(): Promise<Session> {
  const session = await fetchSession();
  saveSession(session);
  return session;
}
