import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderBody } from '../../../test/builders.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

// The tender and catalogue lists keep each page as answered, per filter and page, under their
// table's version (db/exact-counts.ts `answer`, migrations 0026 and 0029). These tests read a page
// (so it is kept), change what it shows in every way it can move, or let a deadline pass, and
// expect the next read of the page to say so.

let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, supplier] = await Promise.all([t.createUser({ role: 'buyer' }), t.createUser({ role: 'supplier' })]);
});
afterAll(() => t.close());

interface Listed {
  id: string;
  title: string;
  user: { companyName: string };
}

async function pageOf(path: string, token: string): Promise<Listed[]> {
  const res = await t.request('GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Listed[];
}

async function createTender(over: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/tender', { token: buyer.token, body: tenderBody(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
}

async function createItem(title: string) {
  const res = await t.request('POST', '/api/catalogue', {
    token: supplier.token,
    body: {
      title,
      description: 'Red class B engineering bricks, 65mm, packs of 400.',
      category: 'concrete',
      value: 0.62,
      quantity: 20000,
      availability: 'available',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
}

const itemsPage = () => pageOf(`/api/catalogue/user/${supplier.id}`, buyer.token);
const tendersPage = () => pageOf('/api/tender/supplierTenders?pageSize=100', supplier.token);

describe('listing pages kept between requests stay exact', () => {
  it('answers a repeat page from memory: a write hidden from the version triggers does not show, a real one does', async () => {
    const item = await createItem('Engineering bricks, kept page');
    // the first read keeps the count; a page read after its count is kept (the two may be read in
    // either order the first time)
    for (let i = 0; i < 2; i++) {
      expect((await itemsPage()).find((x) => x.id === item.id)?.title).toBe('Engineering bricks, kept page');
    }
    // session_replication_role = replica switches the triggers off for this transaction only: the
    // one way a row can change without moving its table's version
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update catalogue_items set title = 'Hidden rename' where id = ${item.id}`);
    });
    expect((await itemsPage()).find((i) => i.id === item.id)?.title).toBe('Engineering bricks, kept page');
    const renamed = await t.request('PUT', `/api/catalogue/${item.id}`, {
      token: supplier.token,
      body: { title: 'Engineering bricks, renamed' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await itemsPage()).find((i) => i.id === item.id)?.title).toBe('Engineering bricks, renamed');
  });

  it('shows an owner’s new company name at once in both lists (a write to users moves their versions)', async () => {
    await createItem('Bricks from a renamed company');
    const tender = await createTender({ title: 'Tender from a renamed company' });
    const [items, tenders] = [await itemsPage(), await tendersPage()];
    expect(items[0]?.user.companyName).toMatch(/^supplier company/);
    expect(tenders.find((x) => x.id === tender.id)?.user.companyName).toMatch(/^buyer company/);
    await t.db.execute(sql`update users set company_name = 'Renamed Supplies Ltd' where id = ${supplier.id}`);
    await t.db.execute(sql`update users set company_name = 'Renamed Developments Ltd' where id = ${buyer.id}`);
    expect((await itemsPage()).every((i) => i.user.companyName === 'Renamed Supplies Ltd')).toBe(true);
    expect((await tendersPage()).find((x) => x.id === tender.id)?.user.companyName).toBe('Renamed Developments Ltd');
  });

  it('adds a new tender to the open list’s page, and takes it out once its deadline passes with no write at all', async () => {
    const before = (await tendersPage()).map((x) => x.id);
    expect((await tendersPage()).map((x) => x.id)).toEqual(before);
    const deadline = new Date(Date.now() + 2_000);
    const tender = await createTender({ title: 'Closes in two seconds', deadline: deadline.toISOString() });
    expect((await tendersPage()).map((x) => x.id)).toEqual([tender.id, ...before]);
    await new Promise((resolve) => setTimeout(resolve, deadline.getTime() - Date.now() + 250));
    expect((await tendersPage()).map((x) => x.id)).toEqual(before);
  });

  it('keeps each page of a filter apart', async () => {
    for (let i = 0; i < 3; i++) await createItem(`Paged brick ${i}`);
    const path = (page: number) => `/api/catalogue/user/${supplier.id}?pageSize=2&page=${page}`;
    const [first, second] = [await pageOf(path(1), buyer.token), await pageOf(path(2), buyer.token)];
    expect(first).toHaveLength(2);
    expect(second.length).toBeGreaterThan(0);
    expect(first.map((i) => i.id)).not.toContain(second[0]!.id);
    expect(await pageOf(path(1), buyer.token)).toEqual(first);
    expect(await pageOf(path(2), buyer.token)).toEqual(second);
  });
});
