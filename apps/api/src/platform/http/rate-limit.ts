import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppError } from '@brickyard/shared';
import type { Db } from '../../db/client.ts';
import { deleteExpired, deleteKey, readPoints, takePoints, type Window } from './rate-limit.repository.ts';

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

/** Below this many requests a window, every request is counted in PostgreSQL as it comes. */
export const LEASE_FROM_MAX = 60;
/**
 * Points a process takes from a window at once, for a limit of `max` a window: a twelfth of it, at
 * most 10 (search's 120 a minute: 10, one write in ten searches). Small limits (login, sign-up,
 * contact) are counted one by one.
 */
export const leaseSizeOf = (max: number) => (max >= LEASE_FROM_MAX ? Math.min(10, Math.floor(max / 12)) : 1);

interface Lease {
  /** the window's count the next request gets */
  next: number;
  /** the last count of the block this process took */
  last: number;
  /** when the window closes (epoch ms) */
  until: number;
}

/**
 * A generous limit's counts, taken from PostgreSQL a block at a time. A search at 120 a minute
 * would otherwise write a row, and commit, on every request; with blocks of ten it writes once in
 * ten. The blocks are disjoint ranges of the shared count and a process only grants counts up to
 * `max`, so all instances together never let more than `max` through in a window. A user whose
 * requests are spread over several instances may be refused a little early: each instance can hold
 * at most a block less one unused. On one instance the limit is exact.
 */
function leasedCounter(db: Db) {
  const leases = new LRUCache<string, Lease>({ max: 50_000 });
  const refilling = new Map<string, Promise<void>>();
  return async function take(key: string, windowMs: number, max: number): Promise<Window> {
    const size = leaseSizeOf(max);
    if (size <= 1) return takePoints(db, key, 1, windowMs);
    for (;;) {
      const lease = leases.get(key);
      const now = Date.now();
      if (lease && lease.until > now) {
        if (lease.next <= lease.last) return { points: lease.next++, msLeft: lease.until - now };
        // past the limit already: refused until the window closes, with no write
        if (lease.last >= max) return { points: max + 1, msLeft: lease.until - now };
      }
      let pending = refilling.get(key);
      if (!pending) {
        pending = takePoints(db, key, size, windowMs)
          .then(
            (w) => void leases.set(key, { next: w.points - size + 1, last: w.points, until: Date.now() + w.msLeft }),
          )
          .finally(() => refilling.delete(key));
        refilling.set(key, pending);
      }
      await pending;
    }
  };
}

/**
 * A store for @fastify/rate-limit on the same PostgreSQL table, so the per-IP and per-user route
 * limits hold across instances too. One child per route (as the built-in store), keyed by route;
 * the children share this process's blocks of counts (leasedCounter).
 */
export function postgresRateLimitStore(db: Db) {
  const take = leasedCounter(db);
  return class PostgresRateLimitStore {
    readonly route: string;
    /** The plugin builds the root store with its options; children get their route's name. */
    constructor(route?: unknown) {
      this.route = typeof route === 'string' ? route : 'global';
    }
    incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void {
      take(`http:${this.route}:${key}`, timeWindow, max).then(
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
