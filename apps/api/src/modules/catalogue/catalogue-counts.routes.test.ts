import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

// meta.total of the catalogue lists is an exact count kept per filter under the catalogue's
// version (db/exact-counts.ts, migration 0026). These tests read a total (so it is kept), change
// the items in every way a count can move, and expect the next page to say so.

let t: TestApp;
let supplier: TestUser;
let otherSupplier: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [supplier, otherSupplier, buyer] = await Promise.all([
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'buyer' }),
  ]);
});
afterAll(() => t.close());

const itemBody = (over: Record<string, unknown> = {}) => ({
  title: 'Class B engineering bricks',
  description: 'Red class B engineering bricks, 65mm, packs of 400, delivered on pallets.',
  category: 'concrete',
  value: 0.62,
  quantity: 20000,
  availability: 'available',
  ...over,
});

async function createItem(over: Record<string, unknown> = {}, token = supplier.token) {
  const res = await t.request('POST', '/api/catalogue', { token, body: itemBody(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
}

async function totalOf(path: string, app: TestApp = t, token = buyer.token): Promise<number> {
  const res = await app.request('GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.meta.total as number;
}

const exec = (query: ReturnType<typeof sql>) => t.db.execute(query);

describe('catalogue list totals stay exact while kept between requests', () => {
  it('serves a repeat page its kept total: a write hidden from the version triggers is not counted', async () => {
    await createItem();
    const path = `/api/catalogue/user/${supplier.id}`;
    const before = await totalOf(path);
    // session_replication_role = replica switches the triggers off for this transaction only: the
    // one way a row can reach the table without moving its version.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into catalogue_items (user_id, title, description, category) values (${supplier.id}, 'Hidden', 'x', 'concrete')`,
      );
    });
    expect(await totalOf(path)).toBe(before);
    // The next ordinary write moves the version: both rows are counted.
    await exec(
      sql`insert into catalogue_items (user_id, title, description, category) values (${supplier.id}, 'Seen', 'x', 'concrete')`,
    );
    expect(await totalOf(path)).toBe(before + 2);
  });

  it('counts an item created after the total was kept, and no longer counts it once deleted', async () => {
    const lists = [
      '/api/catalogue',
      '/api/product',
      `/api/catalogue/user/${supplier.id}`,
      `/api/product/user/${supplier.id}`,
    ];
    const before = await Promise.all(lists.map((p) => totalOf(p)));
    expect(await Promise.all(lists.map((p) => totalOf(p)))).toEqual(before);
    const item = await createItem({ title: 'Added after the count' });
    expect(await Promise.all(lists.map((p) => totalOf(p)))).toEqual(before.map((n) => n + 1));
    const removed = await t.request('DELETE', `/api/catalogue/${item.id}`, { token: supplier.token });
    expect(removed.status).toBe(200);
    expect(await Promise.all(lists.map((p) => totalOf(p)))).toEqual(before);
  });

  it("counts a supplier's own list (GET /api/catalogue as the supplier) after an item is written straight in the database", async () => {
    const own = async () => totalOf('/api/catalogue', t, otherSupplier.token);
    const before = await own();
    await exec(
      sql`insert into catalogue_items (user_id, title, description, category) values (${otherSupplier.id}, 'By SQL', 'x', 'concrete')`,
    );
    expect(await own()).toBe(before + 1);
  });

  it('moves a filtered total when an item changes into or out of the filter, and when it changes owner', async () => {
    const item = await createItem({ availability: 'available' });
    const limited = `/api/catalogue/user/${supplier.id}?availability=limited`;
    const before = await totalOf(limited);
    const changed = await t.request('PUT', `/api/catalogue/${item.id}`, {
      token: supplier.token,
      body: { availability: 'limited' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await totalOf(limited)).toBe(before + 1);

    const mine = `/api/catalogue/user/${supplier.id}`;
    const theirs = `/api/catalogue/user/${otherSupplier.id}`;
    const [mineBefore, theirsBefore] = [await totalOf(mine), await totalOf(theirs)];
    await exec(sql`update catalogue_items set user_id = ${otherSupplier.id} where id = ${item.id}`);
    expect([await totalOf(mine), await totalOf(theirs)]).toEqual([mineBefore - 1, theirsBefore + 1]);
  });

  it('answers the right total on a page past the last (an empty page reads the version on its own)', async () => {
    const path = `/api/catalogue/user/${supplier.id}?page=50`;
    const before = await totalOf(path);
    await createItem({ title: 'Seen from an empty page' });
    expect(await totalOf(path)).toBe(before + 1);
  });

  it('a write through one API instance shows in the total another instance has kept, both ways', async () => {
    // a web-only instance (no job workers): the totals are what this checks, and a worker of its own
    // could still be finishing a job of the first instance's writes when it closes
    const second = await createTestApp(
      { jwtSecret: t.config.jwtSecret, jobs: { ...t.config.jobs, workers: false } },
      { databaseUrl: t.databaseUrl },
    );
    try {
      const path = `/api/product/user/${supplier.id}`;
      const before = await totalOf(path, second);
      expect(await totalOf(path, t)).toBe(before);
      const created = await createItem({ title: 'Through the first instance' });
      expect(await totalOf(path, second)).toBe(before + 1);
      const removed = await second.request('DELETE', `/api/product/${created.id}`, { token: supplier.token });
      expect(removed.status).toBe(200);
      expect(await totalOf(path, t)).toBe(before);
    } finally {
      await second.close();
    }
  });
});
