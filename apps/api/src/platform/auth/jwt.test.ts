import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@brickyard/shared';
import { createJwt } from './jwt.ts';

const SECRET = 'a-test-secret-of-enough-length-for-hs256';
const claims = { sub: '0b5e7c1e-8f0d-4f57-9a4f-3f1f6f1e2a10', role: 'buyer', sv: 1 } as const;

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : 'not an AppError';
  }
  return undefined;
}

afterEach(() => vi.useRealTimers());

describe('tokens verified once are kept, and still expire and still must match', () => {
  it('a token verified before answers SESSION_EXPIRED once its time is up', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T12:00:00Z') });
    const jwt = createJwt(SECRET, 60);
    const token = jwt.sign(claims);
    expect(jwt.verify(token)).toMatchObject(claims);
    expect(jwt.verify(token)).toMatchObject(claims); // the kept answer
    vi.setSystemTime(new Date('2026-11-29T12:01:01Z'));
    expect(codeOf(() => jwt.verify(token))).toBe('SESSION_EXPIRED');
  });

  it('a token differing by one character from a kept one is refused', () => {
    const jwt = createJwt(SECRET, 60);
    const token = jwt.sign(claims);
    jwt.verify(token);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(codeOf(() => jwt.verify(token.slice(0, -1) + last))).toBe('UNAUTHENTICATED');
    // and one signed with another key, however often it is tried
    const forged = createJwt(`${SECRET}-other`, 60).sign(claims);
    expect(codeOf(() => jwt.verify(forged))).toBe('UNAUTHENTICATED');
    expect(codeOf(() => jwt.verify(forged))).toBe('UNAUTHENTICATED');
  });
});
