import type { FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@brickyard/shared';

/**
 * A 429 RATE_LIMITED that knows when the caller may try again: the error handler turns
 * `retryAfterSeconds` into a `Retry-After` header (RFC 9110 §10.2.3).
 */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

export function retryAfterOf(err: unknown): number | null {
  return err instanceof RateLimitedError ? Math.max(1, err.retryAfterSeconds) : null;
}

/**
 * A per-key limiter (per account, per email) on top of the per-IP limits of @fastify/rate-limit.
 * `consume` throws 429 RATE_LIMITED (with Retry-After) once the key has used its points in the window.
 */
export function createKeyLimiter(points: number, durationSeconds: number) {
  const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  return {
    async consume(key: string): Promise<void> {
      try {
        await limiter.consume(key);
      } catch (res) {
        if (res instanceof RateLimiterRes) {
          const wait = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
          throw new RateLimitedError(`Too many attempts, please try again in ${wait} seconds`, wait);
        }
        throw res;
      }
    },
    async reset(key: string): Promise<void> {
      await limiter.delete(key);
    },
  };
}

/**
 * A route's `config.rateLimit` counted per signed-in user (per IP for anonymous callers), for
 * routes a user may hammer — search, for one. The access guard runs first, so the principal is known.
 */
export function perUserLimit(max: number, timeWindowMs: number) {
  return {
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (req: FastifyRequest) => (req.principal ? `user:${req.principal.id}` : `ip:${req.ip}`),
  };
}
