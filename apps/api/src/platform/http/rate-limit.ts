import type { FastifyRequest } from 'fastify';
import { AppError } from '@brickyard/shared';
import type { Db } from '../../db/client.ts';
import { deleteExpired, deleteKey, readPoints, takePoints } from './rate-limit.repository.ts';

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
 * The counters live in PostgreSQL (`rate_limits`), so every API instance shares them: a second
 * instance or a restart does not hand out a fresh set of attempts. `name` keeps limiters apart.
 */
export function createKeyLimiter(db: Db, name: string, points: number, durationSeconds: number) {
  const windowMs = durationSeconds * 1000;
  const keyOf = (key: string) => `${name}:${key}`;
  const refuse = (msLeft: number): never => {
    const wait = Math.max(1, Math.ceil(msLeft / 1000));
    throw new RateLimitedError(`Too many attempts, please try again in ${wait} seconds`, wait);
  };
  sweepNowAndThen(db);
  return {
    /** Uses one point; throws 429 RATE_LIMITED (with Retry-After) once the window's points are spent. */
    async consume(key: string): Promise<void> {
      const w = await takePoints(db, keyOf(key), 1, windowMs);
      if (w.points > points) refuse(w.msLeft);
    },
    /**
     * Throws 429 while the key has spent its points, without using one: a locked account is
     * refused before anything else is checked (a right password must not get through either).
     */
    async assertOpen(key: string): Promise<void> {
      const w = await readPoints(db, keyOf(key));
      if (w && w.points >= points) refuse(w.msLeft);
    },
    async reset(key: string): Promise<void> {
      await deleteKey(db, keyOf(key));
    },
  };
}

let lastSweep = 0;
/** Expired windows are deleted at most every ten minutes per process (a taker resets them anyway). */
function sweepNowAndThen(db: Db): void {
  if (Date.now() - lastSweep < 10 * 60_000) return;
  lastSweep = Date.now();
  void deleteExpired(db).catch(() => undefined);
}

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit on the same PostgreSQL table, so the per-IP and per-user route
 * limits hold across instances too. One child per route (as the built-in store), keyed by route.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    readonly route: string;
    /** The plugin builds the root store with its options; children get their route's name. */
    constructor(route?: unknown) {
      this.route = typeof route === 'string' ? route : 'global';
    }
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      takePoints(db, `http:${this.route}:${key}`, 1, timeWindow).then(
        (w) => cb(null, { current: w.points, ttl: w.msLeft }),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: StoreCallback): void {
      readPoints(db, `http:${this.route}:${key}`).then(
        (w) => cb(null, { current: w?.points ?? 0, ttl: w?.msLeft ?? 0 }),
        (err: Error) => cb(err),
      );
    }
    /** Called with the route's merged limit options (their `routeInfo` is the route). */
    child(options: object) {
      const info = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new PostgresRateLimitStore(`${[info.method ?? ''].flat().join(',')} ${info.url ?? ''}`);
    }
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
