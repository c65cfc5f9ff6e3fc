import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderBody } from '../../../test/builders.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

// meta.total of the tender lists is an exact count kept per filter under the tenders' version
// (db/exact-counts.ts, migration 0026), and for tenders open for responses only until the earliest
// deadline it counted. These tests read a total (so it is kept), change the tenders in every way
// a count can move, or let a deadline pass, and expect the next page to say so.

let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let supplier: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, otherBuyer, supplier] = await Promise.all([
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier' }),
  ]);
});
afterAll(() => t.close());

async function createTender(over: Record<string, unknown> = {}, token = buyer.token) {
  const res = await t.request('POST', '/api/tender', { token, body: tenderBody(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; deadline: string };
}

async function totalOf(path: string, token: string, app: TestApp = t): Promise<number> {
  const res = await app.request('GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.meta.total as number;
}

const open = () => totalOf('/api/tender/supplierTenders', supplier.token);
const exec = (query: ReturnType<typeof sql>) => t.db.execute(query);

describe('tender list totals stay exact while kept between requests', () => {
  it('serves a repeat page its kept total: a write hidden from the version triggers is not counted', async () => {
    await createTender();
    const before = await open();
    // session_replication_role = replica switches the triggers off for this transaction only.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into tenders (user_id, title, description, category, status, deadline)
            values (${buyer.id}, 'Hidden', 'x', 'concrete', 'active', now() + interval '10 days')`,
      );
    });
    expect(await open()).toBe(before);
    await exec(
      sql`insert into tenders (user_id, title, description, category, status, deadline)
          values (${buyer.id}, 'Seen', 'x', 'concrete', 'active', now() + interval '10 days')`,
    );
    expect(await open()).toBe(before + 2);
  });

  it('counts a tender created after the total was kept, and no longer counts it once deleted', async () => {
    const lists: Array<[string, string]> = [
      ['/api/tender', buyer.token],
      ['/api/tender', supplier.token],
      ['/api/tender/buyerTenders', buyer.token],
      ['/api/tender/supplierTenders', supplier.token],
      [`/api/tender/user/${buyer.id}`, buyer.token],
      [`/api/tender/user/${buyer.id}`, supplier.token],
    ];
    const totals = () => Promise.all(lists.map(([p, token]) => totalOf(p, token)));
    const before = await totals();
    expect(await totals()).toEqual(before);
    const created = await createTender({ title: 'Added after the count' });
    expect(await totals()).toEqual(before.map((n) => n + 1));
    const removed = await t.request('DELETE', `/api/tender/${created.id}`, { token: buyer.token });
    expect(removed.status).toBe(200);
    expect(await totals()).toEqual(before);
  });

  it('no longer counts a tender among the open ones once its buyer closes it (a status change)', async () => {
    const created = await createTender();
    const active = '/api/tender/buyerTenders?status=active';
    const [openBefore, activeBefore] = [await open(), await totalOf(active, buyer.token)];
    const closed = await t.request('PUT', `/api/tender/${created.id}`, {
      token: buyer.token,
      body: { status: 'closed' },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect([await open(), await totalOf(active, buyer.token)]).toEqual([openBefore - 1, activeBefore - 1]);
  });

  it("moves both owners' totals when a tender changes owner", async () => {
    const created = await createTender();
    const mine = () => totalOf(`/api/tender/user/${buyer.id}`, buyer.token);
    const theirs = () => totalOf(`/api/tender/user/${otherBuyer.id}`, otherBuyer.token);
    const [mineBefore, theirsBefore] = [await mine(), await theirs()];
    await exec(sql`update tenders set user_id = ${otherBuyer.id} where id = ${created.id}`);
    expect([await mine(), await theirs()]).toEqual([mineBefore - 1, theirsBefore + 1]);
  });

  it('no longer counts a tender among the open ones once its deadline passes, with no write at all', async () => {
    const deadline = new Date(Date.now() + 2_000);
    await createTender({ title: 'Closes in two seconds', deadline: deadline.toISOString() });
    const before = await open();
    expect(await open()).toBe(before);
    expect(await totalOf('/api/tender', supplier.token)).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, deadline.getTime() - Date.now() + 250));
    expect(await open()).toBe(before - 1);
    expect(await totalOf('/api/tender', supplier.token)).toBe(before - 1);
  });

  it('answers the right total on a page past the last (an empty page reads the version on its own)', async () => {
    const path = '/api/tender/buyerTenders?page=50';
    const before = await totalOf(path, buyer.token);
    await createTender({ title: 'Seen from an empty page' });
    expect(await totalOf(path, buyer.token)).toBe(before + 1);
  });

  it('a write through one API instance shows in the total another instance has kept, both ways', async () => {
    // a web-only instance (no job workers): the totals are what this checks, and a worker of its own
    // could still be finishing a job of the first instance's writes when it closes
    const second = await createTestApp(
      { jwtSecret: t.config.jwtSecret, jobs: { ...t.config.jobs, workers: false } },
      { databaseUrl: t.databaseUrl },
    );
    try {
      const onSecond = () => totalOf('/api/tender/supplierTenders', supplier.token, second);
      const before = await onSecond();
      expect(await open()).toBe(before);
      const created = await createTender({ title: 'Through the first instance' });
      expect(await onSecond()).toBe(before + 1);
      const closed = await second.request('PUT', `/api/tender/${created.id}`, {
        token: buyer.token,
        body: { status: 'closed' },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(await open()).toBe(before);
    } finally {
      await second.close();
    }
  });
});
