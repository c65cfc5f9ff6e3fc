import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
import { AppError, isRole, type Role } from '@brickyard/shared';

export interface TokenClaims {
  sub: string;
  role: Role;
  /** the user's session version when the token was issued; a bump revokes it */
  sv: number;
  /** when the user signed in (seconds): renewals keep it, so a session cannot be renewed forever */
  at: number;
  exp: number;
}

export interface Jwt {
  sign(claims: Omit<TokenClaims, 'exp' | 'at'> & { at?: number }): string;
  verify(token: string): TokenClaims;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tokens verified lately, by their whole text: a signed-in user's every request carries the same one. */
const VERIFIED_KEPT = 10_000;

/** HS256 JWTs whose `exp` is in seconds, as the web guard reads it (docs/product.md section 5). */
export function createJwt(secret: string, ttlSeconds: number): Jwt {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  // Keyed by the token itself: fast-jwt's own cache hashes each token with SHA-256 to find it,
  // which cost more than the rest of the check. Only verified tokens are kept, until they expire
  // (an expired one is verified again, so it answers SESSION_EXPIRED as before).
  const verified = new LRUCache<string, TokenClaims>({ max: VERIFIED_KEPT });
  return {
    sign: (claims) => signer({ ...claims, at: claims.at ?? Math.floor(Date.now() / 1000) }),
    verify(token) {
      const kept = verified.get(token);
      if (kept && kept.exp * 1000 > Date.now()) return kept;
      const claims = verifyNow(token);
      verified.set(token, claims);
      return claims;
    },
  };

  function verifyNow(token: string): TokenClaims {
    let payload: Record<string, unknown>;
    try {
      payload = verifier(token) as Record<string, unknown>;
    } catch (err) {
      if (err instanceof TokenError && err.code === TokenError.codes.expired) {
        throw new AppError('SESSION_EXPIRED', 'Your session has expired, please sign in again');
      }
      throw new AppError('UNAUTHENTICATED', 'Please sign in');
    }
    const { sub, role, sv, exp, at, iat } = payload;
    // A subject that is not a user id (a token signed elsewhere with our key, or a bug) is no
    // one: refused here rather than failing as a 500 in the user lookup.
    if (
      typeof sub !== 'string' ||
      !UUID.test(sub) ||
      !isRole(role) ||
      typeof sv !== 'number' ||
      typeof exp !== 'number'
    ) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in');
    }
    return { sub, role, sv, exp, at: typeof at === 'number' ? at : typeof iat === 'number' ? iat : 0 };
  }
}
