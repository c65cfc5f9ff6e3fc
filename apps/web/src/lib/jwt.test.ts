import { describe, expect, it } from 'vitest';
import { isTokenLive } from './jwt';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`;

describe('isTokenLive', () => {
  const now = Date.UTC(2025, 0, 1);
  it('reads exp as seconds', () => {
    expect(isTokenLive(token({ exp: now / 1000 + 60 }), now)).toBe(true);
    expect(isTokenLive(token({ exp: now / 1000 - 1 }), now)).toBe(false);
  });
  it('rejects missing, malformed and exp-less tokens', () => {
    expect(isTokenLive(null, now)).toBe(false);
    expect(isTokenLive('not-a-jwt', now)).toBe(false);
    expect(isTokenLive(token({ sub: 'x' }), now)).toBe(false);
  });
});
