import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { dashboardVersion } from './dashboard.repository.ts';

/** The admin dashboard's scope in `dashboard_versions`; the others are user ids. */
export const ADMIN_SCOPE = 'admin';

export interface DashboardCacheOptions {
  /**
   * How long an answer may be served while its scope's version is unchanged. Versions catch every
   * write; this bounds what they cannot see: the clock (closing-soon lists, "this month", the
   * trend's last bucket) and names read from other users' rows.
   */
  ttlMs: number;
  /** Answers kept per instance (least recently used go first). */
  max: number;
}

interface Entry {
  version: number;
  value: object;
}

/**
 * The dashboards' answers, cached per instance and checked against `dashboard_versions`
 * (migration 0017: database triggers raise a scope's version in the same commit as any write its
 * dashboard reads). A repeat request costs one primary-key read instead of eight aggregations,
 * a change made through any instance or code path is seen by the next request, and requests that
 * arrive together for the same answer share one computation.
 */
export function createDashboardCache(db: Db, options: DashboardCacheOptions) {
  const answers = new LRUCache<string, Entry>({ max: options.max, ttl: options.ttlMs });
  const computing = new Map<string, Promise<Entry>>();

  return {
    /**
     * The answer for `key` within `scope`: the cached one while the scope's version is the one it
     * was computed at, otherwise `compute()`'s. The version is read before computing, so a write
     * committed meanwhile can only make the cached answer newer than its version, never older.
     * `compute` says whether its answer may be kept (an answer about work still in progress is not).
     */
    async get<T extends object>(
      scope: string,
      key: string,
      compute: () => Promise<{ value: T; keep: boolean }>,
    ): Promise<T> {
      const cacheKey = `${scope}\u0000${key}`;
      const version = await dashboardVersion(db, scope);
      const hit = answers.get(cacheKey);
      if (hit && hit.version === version) return hit.value as T;

      const flightKey = `${cacheKey}\u0000${version}`;
      let flight = computing.get(flightKey);
      if (!flight) {
        flight = compute()
          .then(({ value, keep }) => {
            const entry = { version, value };
            // A slower computation of an older version must not replace a newer answer.
            if (keep && (answers.peek(cacheKey)?.version ?? -1) <= version) answers.set(cacheKey, entry);
            return entry;
          })
          .finally(() => computing.delete(flightKey));
        computing.set(flightKey, flight);
      }
      return (await flight).value as T;
    },
  };
}

export type DashboardCache = ReturnType<typeof createDashboardCache>;
