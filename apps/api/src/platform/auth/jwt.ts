import { createSigner, createVerifier, TokenError } from 'fast-jwt';
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

/** HS256 JWTs whose `exp` is in seconds, as the web guard reads it (docs/product.md section 5). */
export function createJwt(secret: string, ttlSeconds: number): Jwt {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    sign: (claims) => signer({ ...claims, at: claims.at ?? Math.floor(Date.now() / 1000) }),
    verify(token) {
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
    },
  };
}
