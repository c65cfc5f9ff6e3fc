import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cloneTemplateDatabase } from '../../../test/harness.ts';
import { connect, type Database } from '../../db/client.ts';
import { leaseSizeOf, postgresRateLimitStore } from './rate-limit.ts';

/**
 * The route limits' store (docs/reliability.md): counted in PostgreSQL so every instance shares
 * them, a generous limit a block of counts at a time.
 */
let database: Database;
beforeAll(async () => {
  database = connect((await cloneTemplateDatabase()).url, 4);
});
afterAll(() => database?.close());

type Store = {
  incr: (
    key: string,
    cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
    windowMs: number,
    max: number,
  ) => void;
};

/** One instance's store for a route, as @fastify/rate-limit makes it. */
function routeStore(route: string): Store {
  const Root = postgresRateLimitStore(database.db);
  return new Root().child({ routeInfo: { method: 'GET', url: route } });
}

const incr = (store: Store, key: string, max: number, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs, max),
  );

async function countOf(key: string): Promise<number | null> {
  const { rows } = await database.db.execute<{ points: number }>(
    sql`select points from rate_limits where key = ${key}`,
  );
  return rows[0]?.points ?? null;
}

describe('route rate limits', () => {
  it('lets exactly the limit through on one instance, with one write a block (search: 120 a minute, blocks of 10)', async () => {
    const store = routeStore('/api/search');
    expect(leaseSizeOf(120)).toBe(10);
    const first = await incr(store, 'user:a', 120);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(55_000);
    // the process took a block of ten counts, and spends the other nine without writing
    expect(await countOf('http:GET /api/search:user:a')).toBe(10);
    for (let i = 2; i <= 10; i++) expect((await incr(store, 'user:a', 120)).current).toBe(i);
    expect(await countOf('http:GET /api/search:user:a')).toBe(10);
    // the rest at once, as a burst of concurrent searches: one block each ten, never more than 120
    const rest = await Promise.all(Array.from({ length: 125 }, () => incr(store, 'user:a', 120)));
    const allowed = rest.filter((r) => r.current <= 120).length;
    expect(allowed).toBe(110);
    expect(new Set(rest.filter((r) => r.current <= 120).map((r) => r.current)).size).toBe(110);
    // twelve blocks, and no write for the requests refused once the window's 120 are spent
    expect(await countOf('http:GET /api/search:user:a')).toBe(120);
    // another user is not held back
    expect((await incr(store, 'user:b', 120)).current).toBe(1);
  });

  it('never lets more than the limit through across instances, and refuses at most a block less one early for each other instance', async () => {
    const instances = [routeStore('/api/search'), routeStore('/api/search'), routeStore('/api/search')];
    let allowed = 0;
    for (let i = 0; i < 200; i++) {
      const r = await incr(instances[i % 3]!, 'user:spread', 120);
      if (r.current <= 120) allowed++;
    }
    expect(allowed).toBeLessThanOrEqual(120);
    expect(allowed).toBeGreaterThanOrEqual(120 - 2 * (leaseSizeOf(120) - 1));
  });

  it('counts a small limit (sign-in, sign-up, contact) one request at a time', async () => {
    const store = routeStore('/api/login');
    expect(leaseSizeOf(20)).toBe(1);
    for (let i = 1; i <= 21; i++) {
      expect((await incr(store, 'ip:127.0.0.9', 20)).current).toBe(i);
      expect(await countOf('http:GET /api/login:ip:127.0.0.9')).toBe(i);
    }
  });

  it('starts a new block when the window closes', async () => {
    const store = routeStore('/api/catalogue/search');
    for (let i = 0; i < 121; i++) await incr(store, 'user:w', 120, 400);
    expect((await incr(store, 'user:w', 120, 400)).current).toBeGreaterThan(120);
    await new Promise((r) => setTimeout(r, 450));
    expect((await incr(store, 'user:w', 120, 400)).current).toBe(1);
  });
});
