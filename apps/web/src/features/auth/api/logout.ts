import { api } from '@/lib/api';

/**
 * POST /api/auth/logout: the server ends the session too (the token stops working everywhere),
 * so a copied token is not left valid until it expires. Called before the local session is cleared
 * (the request reads the token when it starts); its answer is not waited for.
 */
export function logoutOnServer(): void {
  void api.post('/api/auth/logout').catch(() => undefined);
}
