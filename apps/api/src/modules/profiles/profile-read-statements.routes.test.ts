import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { profileDocuments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/**
 * A profile read was 10 to 12 statements (owner, counterparty checks, profile, documents,
 * portfolio, projects, requirements, items, review summary, latest reviews): 50 to 115 ms for one
 * request on the bench dataset (docs/performance.md). It is one statement now; these tests fail
 * when a change adds a statement to it, e.g. a lookup per review or per document.
 */
let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let strangerBuyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  // Principals cached, so the guard's own read of the caller does not count (warmed below).
  t = await createTestApp({ authCacheMs: 600_000 });
  const { seedListings } = await import('../tenders/listings.seed.ts');
  const { seedProfiles } = await import('./profiles.seed.ts');
  const { seedContracts } = await import('../deals/deals.seed.ts');
  buyer = await t.createUser({ role: 'buyer', email: 'buyer@brickyard.test' });
  supplier = await t.createUser({ role: 'supplier', email: 'supplier@brickyard.test' });
  const core = await t.createUser({ role: 'supplier', email: 'core-supplier@brickyard.test', plan: 'CORE' });
  strangerBuyer = await t.createUser({ role: 'buyer' });
  admin = await t.createUser({ role: 'admin' });
  const accounts = new Map([
    ['buyer@brickyard.test', buyer.id],
    ['supplier@brickyard.test', supplier.id],
    ['core-supplier@brickyard.test', core.id],
  ]);
  for (const seed of [seedListings, seedProfiles, seedContracts]) await seed(t.db, accounts);
  await t.db.insert(profileDocuments).values(
    ['Insurance', 'ISO 9001 certificate', 'Method statement'].map((name, i) => ({
      userId: supplier.id,
      name,
      fileKey: `u/${supplier.id}/doc-${i}.pdf`,
    })),
  );
});
afterAll(() => t.close());

/**
 * The SQL the API sends to PostgreSQL while `run` runs, leaving out the job queue's own polling
 * (its schema is pgboss), which runs on its own schedule.
 */
async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const result = await run();
    const statements = spy.mock.calls
      .map(([config]: unknown[]) =>
        typeof config === 'string' ? config : ((config as { text?: string } | undefined)?.text ?? ''),
      )
      .filter((text) => !/pgboss/i.test(text));
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

async function readCounted(path: string, user: TestUser) {
  await t.request('GET', path, { token: user.token }); // warms the principal cache and the prepared statement
  const { result, statements } = await statementsDuring(() => t.request('GET', path, { token: user.token }));
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return { profile: result.body.data, statements };
}

describe('a profile read is one database statement, however much the profile holds', () => {
  it('a buyer’s own profile with projects and requirements: GET /api/users/profile, /me and /api/settings/profile', async () => {
    for (const path of ['/api/users/profile', '/api/users/profile/me', '/api/settings/profile']) {
      const { profile, statements } = await readCounted(path, buyer);
      expect(profile.currentProjects.length + profile.pastProjects.length, path).toBeGreaterThan(3);
      expect(profile.reviews, path).toHaveLength(1);
      expect(statements, `${path}:\n${statements.join('\n---\n')}`).toHaveLength(1);
    }
  });

  it('a supplier’s profile with items, portfolio, documents and reviews, seen by a counterparty', async () => {
    const { profile, statements } = await readCounted(`/api/users/profile/${supplier.id}`, buyer);
    expect(profile).toMatchObject({ contactVisible: true, reviewSummary: { average: 5, count: 1 } });
    expect(profile.catalogueItems.length).toBeGreaterThan(3);
    expect(profile.portfolioItems).toHaveLength(2);
    expect(profile.documents).toHaveLength(3);
    expect(statements, statements.join('\n---\n')).toHaveLength(1);
  });

  it('after a write to the profile, the next read is two statements: its state, then the whole view', async () => {
    await readCounted(`/api/users/profile/${supplier.id}`, buyer);
    await t.db
      .insert(profileDocuments)
      .values({ userId: supplier.id, name: 'Fire strategy', fileKey: `u/${supplier.id}/fire.pdf` });
    const { result, statements } = await statementsDuring(() =>
      t.request('GET', `/api/users/profile/${supplier.id}`, { token: buyer.token }),
    );
    expect(result.body.data.documents).toHaveLength(4);
    expect(statements, statements.join('\n---\n')).toHaveLength(2);
    await t.db.delete(profileDocuments).where(eq(profileDocuments.name, 'Fire strategy'));
  });

  it('the same supplier seen by a buyer who is no counterparty, and by an admin', async () => {
    const stranger = await readCounted(`/api/users/profile/${supplier.id}`, strangerBuyer);
    expect(stranger.profile).toMatchObject({ contactVisible: false, email: null });
    expect(stranger.statements, stranger.statements.join('\n---\n')).toHaveLength(1);
    const byAdmin = await readCounted(`/api/users/profile/${supplier.id}`, admin);
    expect(byAdmin.profile).toMatchObject({ contactVisible: true, email: supplier.email });
    expect(byAdmin.statements, byAdmin.statements.join('\n---\n')).toHaveLength(1);
  });

  it('a profile the viewer may not see (same role) is refused after one statement', async () => {
    await t.request('GET', `/api/users/profile/${strangerBuyer.id}`, { token: buyer.token });
    const { result, statements } = await statementsDuring(() =>
      t.request('GET', `/api/users/profile/${strangerBuyer.id}`, { token: buyer.token }),
    );
    expect(result.status).toBe(404);
    expect(statements, statements.join('\n---\n')).toHaveLength(1);
  });
});

describe('a profile seen again is the answer built before, its signed links included, until half their lifetime', () => {
  it('the same links while they have more than half their lifetime left, new ones after', async () => {
    const path = `/api/users/profile/${supplier.id}`;
    const links = async () => {
      const res = await t.request('GET', path, { token: buyer.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.documents as Array<{ url: string }>).map((d) => d.url);
    };
    const expiresOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('expires'));
    const ttl = t.config.storageUrlTtlSeconds;
    const first = await links();
    expect(first).toHaveLength(3);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (ttl / 2 - 5) * 1000 });
    try {
      expect(await links()).toEqual(first);
      vi.setSystemTime(Date.now() + 10_000);
      const renewed = await links();
      expect(renewed).not.toEqual(first);
      const now = Date.now() / 1000;
      for (const url of renewed) expect(expiresOf(url) - now).toBeGreaterThan(ttl - 5);
    } finally {
      vi.useRealTimers();
    }
  });
});
