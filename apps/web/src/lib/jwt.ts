import { jwtDecode } from 'jwt-decode';

/** docs/product.md section 5: the token's `exp` is read as seconds and must lie in the future. */
export function isTokenLive(token: string | null | undefined, nowMs = Date.now()): boolean {
  if (!token) return false;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' && exp * 1000 > nowMs;
  } catch {
    return false;
  }
}
