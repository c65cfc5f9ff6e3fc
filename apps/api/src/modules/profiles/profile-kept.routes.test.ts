import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  catalogueItems,
  contracts,
  portfolioItems,
  profileDocuments,
  profiles,
  projects,
  requirements,
  reviews,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/**
 * A profile view is kept per owner while its 'profile' version stands (migration 0039). These
 * tests write straight to the database, as another instance or a job would, and read the profile
 * again: every write to something the view shows must show at the next read. Each of them fails
 * when its table's trigger is missing, since the first read kept the view.
 */
let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let reviewer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, supplier, reviewer] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Northgate Developments Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Pennine Steel Ltd' }),
    t.createUser({ role: 'buyer', companyName: 'Harbour Homes Ltd' }),
  ]);
});
afterAll(() => t.close());

async function supplierSeenByBuyer() {
  const res = await t.request('GET', `/api/users/profile/${supplier.id}`, { token: buyer.token });
  return res;
}

async function contractBetween(buyerId: string, supplierId: string) {
  const [c] = await t.db
    .insert(contracts)
    .values({ tenderTitle: 'Steel frame, unit 4', buyerId, supplierId, valuePence: 1_250_000, status: 'fulfilled' })
    .returning();
  return c!;
}

describe('a kept profile view shows every write at the next read', () => {
  it('the profile row, documents, portfolio, projects, requirements, items and the owner’s own columns', async () => {
    const first = await supplierSeenByBuyer();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ region: null, documents: [], portfolioItems: [], catalogueItems: [] });

    await t.db.insert(profiles).values({ userId: supplier.id, region: 'North West' });
    expect((await supplierSeenByBuyer()).body.data.region).toBe('North West');

    await t.db
      .insert(profileDocuments)
      .values({ userId: supplier.id, name: 'ISO 9001', fileKey: `u/${supplier.id}/iso.pdf` });
    expect((await supplierSeenByBuyer()).body.data.documents.map((d: { name: string }) => d.name)).toEqual([
      'ISO 9001',
    ]);

    await t.db
      .insert(portfolioItems)
      .values({ userId: supplier.id, title: 'Leeds depot frame', valuePence: 9_000_000 });
    expect((await supplierSeenByBuyer()).body.data.portfolioItems.map((p: { title: string }) => p.title)).toEqual([
      'Leeds depot frame',
    ]);

    await t.db.insert(projects).values({ userId: supplier.id, name: 'Salford quays canopy', status: 'in_progress' });
    expect((await supplierSeenByBuyer()).body.data.currentProjects.map((p: { name: string }) => p.name)).toEqual([
      'Salford quays canopy',
    ]);

    await t.db.insert(requirements).values({ userId: supplier.id, pricing: 'Fixed price for 30 days' });
    expect((await supplierSeenByBuyer()).body.data.buyerRequirements.pricing).toBe('Fixed price for 30 days');

    const [item] = await t.db
      .insert(catalogueItems)
      .values({ userId: supplier.id, title: 'Universal beams 203x133', description: 'S355', category: 'steel' })
      .returning();
    expect((await supplierSeenByBuyer()).body.data.catalogueItems.map((c: { title: string }) => c.title)).toEqual([
      'Universal beams 203x133',
    ]);
    await t.db.update(catalogueItems).set({ title: 'Universal beams 254x146' }).where(eq(catalogueItems.id, item!.id));
    expect((await supplierSeenByBuyer()).body.data.catalogueItems[0].title).toBe('Universal beams 254x146');
    await t.db.delete(catalogueItems).where(eq(catalogueItems.id, item!.id));
    expect((await supplierSeenByBuyer()).body.data.catalogueItems).toEqual([]);

    await t.db.update(users).set({ companyName: 'Pennine Steel & Fabrication Ltd' }).where(eq(users.id, supplier.id));
    expect((await supplierSeenByBuyer()).body.data.companyName).toBe('Pennine Steel & Fabrication Ltd');

    await t.db.update(profiles).set({ visibility: 'private' }).where(eq(profiles.userId, supplier.id));
    expect((await supplierSeenByBuyer()).status).toBe(404);
    await t.db.update(profiles).set({ visibility: 'public' }).where(eq(profiles.userId, supplier.id));
    expect((await supplierSeenByBuyer()).status).toBe(200);
  });

  it('a review received, and its reviewer’s new name', async () => {
    expect((await supplierSeenByBuyer()).body.data.reviewSummary).toEqual({ average: null, count: 0 });
    const contract = await contractBetween(reviewer.id, supplier.id);
    await t.db.insert(reviews).values({
      contractId: contract.id,
      reviewerId: reviewer.id,
      revieweeId: supplier.id,
      rating: 4,
      text: 'On time',
    });
    const reviewed = (await supplierSeenByBuyer()).body.data;
    expect(reviewed.reviewSummary).toEqual({ average: 4, count: 1 });
    expect(reviewed.reviews[0].reviewer.companyName).toBe('Harbour Homes Ltd');

    await t.db.update(users).set({ companyName: 'Harbour Homes Group' }).where(eq(users.id, reviewer.id));
    expect((await supplierSeenByBuyer()).body.data.reviews[0].reviewer.companyName).toBe('Harbour Homes Group');
  });

  it('becoming a counterparty shows the contact details at once, though the kept view did not change', async () => {
    const before = (await supplierSeenByBuyer()).body.data;
    expect(before).toMatchObject({ contactVisible: false, email: null });
    await contractBetween(buyer.id, supplier.id);
    expect((await supplierSeenByBuyer()).body.data).toMatchObject({ contactVisible: true, email: supplier.email });
  });

  it('a deleted account is gone at the next read', async () => {
    expect((await supplierSeenByBuyer()).status).toBe(200);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, supplier.id));
    expect((await supplierSeenByBuyer()).status).toBe(404);
  });
});
