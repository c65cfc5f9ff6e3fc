import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogueItems, contracts, conversations, messages, profiles, tenders, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let otherSupplier: TestUser;
let otherBuyer: TestUser;
let pendingSupplier: TestUser;
let admin: TestUser;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  [buyer, supplier, otherSupplier, otherBuyer, pendingSupplier, admin] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Northgate Developments Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Pennine Steel Ltd' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier', approved: false, plan: null }),
    t.createUser({ role: 'admin' }),
  ]);
});
afterAll(() => t.close());

async function upload(user: TestUser, fileName: string, bytes: Buffer, uploadType = 'profile-document') {
  const res = await t.request('POST', '/api/upload/presigned-upload-url', {
    token: user.token,
    body: { fileName, uploadType },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const put = await fetch(t.url + res.body.data.uploadURL, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.status).toBe(200);
  return res.body.data as { key: string; fileURL: string };
}

const fullSupplierProfile = {
  companyName: 'Pennine Steel & Fabrication Ltd',
  region: 'North West',
  companySize: '51-200',
  registrationNumber: '09876543',
  companyDescription: 'Structural steel fabricators serving the North West since 1998.',
  preferredCategories: ['Structural Steel', 'concrete'],
  subcategories: ['beams-and-columns'],
  certifications: ['ISO 9001', 'CE marking', 'ISO 9001'],
  qualityStandards: ['BS EN 1090'],
  manufacturingCapacity: 400,
  leadTime: 21,
  minOrderValue: 2500.5,
  deliveryLocations: ['north-west', 'Yorkshire and the Humber'],
  paymentTerms: '30 days',
  warrantyOffered: '2 years on workmanship',
  rebate: '2% over £50k a year',
  website: 'pennine-steel.example',
};

describe('docs/product.md §3 Profile: PUT/GET /api/settings/profile and GET /api/users/profile', () => {
  it('stores every Profile field and answers it under data (owner sees contact details)', async () => {
    const put = await t.request('PUT', '/api/settings/profile', { token: supplier.token, body: fullSupplierProfile });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const d = put.body.data;
    expect(d).toMatchObject({
      id: supplier.id,
      userRole: 'supplier',
      approved: true,
      isOwner: true,
      companyName: 'Pennine Steel & Fabrication Ltd',
      region: 'north-west',
      companySize: '51-200',
      registrationNumber: '09876543',
      preferredCategories: ['structural-steel', 'concrete'],
      certifications: ['ISO 9001', 'CE marking'],
      manufacturingCapacity: 400,
      leadTime: 21,
      minOrderValue: 2500.5,
      minOrderValuePence: 250050,
      deliveryLocations: ['north-west', 'yorkshire-and-the-humber'],
      website: 'https://pennine-steel.example',
      contactVisible: true,
      firstName: 'Test',
      lastName: 'Supplier',
      email: supplier.email,
      catalogueItems: [],
      documents: [],
      portfolioItems: [],
      reviewSummary: { average: null, count: 0 },
      supplierRequirements: null,
      visibility: 'public',
    });
    expect(d.buyerRequirements).toMatchObject({ qualityStandards: [], pricing: null });
    const me = await t.request('GET', '/api/users/profile', { token: supplier.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(d);
    const me2 = await t.request('GET', '/api/users/profile/me', { token: supplier.token });
    expect(me2.body.data.id).toBe(supplier.id);
    const settings = await t.request('GET', '/api/settings/profile', { token: supplier.token });
    expect(settings.body.data.companyName).toBe('Pennine Steel & Fabrication Ltd');
    // omitted fields stay, null clears
    const partial = await t.request('PUT', '/api/settings/profile', {
      token: supplier.token,
      body: { website: null, leadTime: 14 },
    });
    expect(partial.body.data).toMatchObject({
      website: null,
      leadTime: 14,
      region: 'north-west',
      manufacturingCapacity: 400,
    });
  });

  it('answers the Buyer-profile extras: projects split current/past, materialsNeeded, supplierRequirements', async () => {
    const put = await t.request('PUT', '/api/settings/profile', {
      token: buyer.token,
      body: {
        industry: 'Commercial construction',
        specialization: 'Office fit-out',
        yearsInBusiness: 12,
        materialsNeeded: {
          requiredProducts: [{ name: 'Steel beams', description: 'UB 203x133', quantity: 120 }],
          currentTender: 'Salford office frame',
          volume: '120 tonnes',
        },
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const a = await t.request('POST', '/api/settings/projects', {
      token: buyer.token,
      body: {
        name: 'Salford office',
        description: 'Four storeys',
        location: 'Salford',
        budget: 1200000,
        estimatedCompletion: '2026-03-31',
      },
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.data).toMatchObject({
      status: 'ongoing',
      budget: 1200000,
      budgetPence: 120000000,
      estimatedCompletion: '2026-03-31',
    });
    const b = await t.request('POST', '/api/settings/projects', {
      token: buyer.token,
      body: {
        name: 'Bolton warehouse',
        location: 'Bolton',
        status: 'Completed',
        budget: '350000',
        completionDate: '2023-11-01',
      },
    });
    expect(b.status).toBe(201);
    await t.request('PUT', '/api/requirements', {
      token: buyer.token,
      body: { qualityStandards: ['ISO 9001'], pricing: 'Fixed price', deliveryReliability: '98% on time' },
    });
    const view = await t.request('GET', `/api/users/profile/${buyer.id}`, { token: supplier.token });
    expect(view.status).toBe(200);
    const d = view.body.data;
    expect(d).toMatchObject({
      userRole: 'buyer',
      industry: 'Commercial construction',
      specialization: 'Office fit-out',
      yearsInBusiness: 12,
      materialsNeeded: {
        requiredProducts: [{ name: 'Steel beams', description: 'UB 203x133', quantity: '120' }],
        currentTender: 'Salford office frame',
        deliveryDeadline: null,
        volume: '120 tonnes',
      },
      supplierRequirements: {
        qualityStandards: ['ISO 9001'],
        pricing: 'Fixed price',
        deliveryReliability: '98% on time',
        sustainability: null,
      },
      buyerRequirements: null,
    });
    expect(d.currentProjects.map((p: { name: string }) => p.name)).toEqual(['Salford office']);
    expect(d.pastProjects).toEqual([
      expect.objectContaining({
        name: 'Bolton warehouse',
        status: 'completed',
        completionDate: '2023-11-01',
        budget: 350000,
      }),
    ]);
  });

  it('lists a supplier’s catalogue items as catalogueItems[{id,title,category,quantity,budget}]', async () => {
    const [item] = await t.db
      .insert(catalogueItems)
      .values({
        userId: supplier.id,
        title: 'Universal beam 203x133x25',
        description: 'S355 beams',
        category: 'structural-steel',
        quantity: 80,
        valuePence: 5230,
      })
      .returning();
    const view = await t.request('GET', `/api/users/profile/${supplier.id}`, { token: buyer.token });
    expect(view.body.data.catalogueItems).toEqual([
      {
        id: item!.id,
        title: 'Universal beam 203x133x25',
        category: 'structural-steel',
        quantity: 80,
        budget: null,
        value: 52.3,
      },
    ]);
  });

  it('stores the logo and documents from the owner’s uploads and answers signed download links', async () => {
    const logo = await upload(supplier, 'logo.png', PNG, 'profile-image');
    const doc = await upload(supplier, 'ISO 9001 certificate.pdf', PDF);
    const res = await t.request('PUT', '/api/settings/profile', {
      token: supplier.token,
      body: { image: logo.key, documents: [{ name: 'ISO 9001 certificate', url: doc.fileURL }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.image).toBe(logo.key);
    expect(res.body.data.imageUrl).toMatch(/^\/api\/upload\/local\/.+signature=/);
    expect(res.body.data.documents).toEqual([expect.objectContaining({ name: 'ISO 9001 certificate', key: doc.key })]);
    // a buyer viewing the profile can fetch the logo through the signed link
    const view = await t.request('GET', `/api/users/profile/${supplier.id}`, { token: buyer.token });
    const img = await fetch(t.url + view.body.data.imageUrl);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    const pdf = await fetch(t.url + view.body.data.documents[0].url);
    expect(pdf.status).toBe(200);
  });

  it('refuses someone else’s upload or a made-up key as logo or document (400)', async () => {
    const theirs = await upload(otherSupplier, 'their-logo.png', PNG, 'profile-image');
    const res = await t.request('PUT', '/api/settings/profile', {
      token: supplier.token,
      body: {
        image: theirs.key,
        documents: [
          { name: 'x', url: `${supplier.id}/profile-document/nope.pdf` },
          { name: 'y', url: '../../etc/passwd' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((x: { path: string }) => x.path).sort()).toEqual([
      'documents.0.url',
      'documents.1.url',
      'image',
    ]);
  });

  it('refuses invalid input with 400 and field details, never 500', async () => {
    const res = await t.request('PUT', '/api/settings/profile', {
      token: supplier.token,
      body: {
        region: 'Atlantis',
        preferredCategories: ['cheese'],
        leadTime: -3,
        minOrderValue: 10.123,
        website: 'javascript:alert(1)',
        yearsInBusiness: 'old',
      },
    });
    expect(res.status).toBe(400);
    const paths = res.body.error.details.map((x: { path: string }) => x.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.region',
        'body.preferredCategories.0',
        'body.leadTime',
        'body.minOrderValue',
        'body.website',
        'body.yearsInBusiness',
      ]),
    );
    expect(
      (
        await t.request('PUT', '/api/settings/profile', {
          token: supplier.token,
          raw: '{not json',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });

  it('mass assignment: role, approved, subscription, userId and another user’s id in the body are ignored', async () => {
    const res = await t.request('PUT', '/api/settings/profile', {
      token: pendingSupplier.token,
      body: {
        companyName: 'Pending Co',
        role: 'admin',
        userRole: 'buyer',
        approved: true,
        hasActiveSubscription: true,
        plan: 'PARTNER',
        sessionVersion: 99,
        userId: buyer.id,
        id: buyer.id,
        visibility: 'private',
        email: 'x@y.z',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: pendingSupplier.id,
      userRole: 'supplier',
      approved: false,
      companyName: 'Pending Co',
      visibility: 'public',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, pendingSupplier.id));
    expect(row).toMatchObject({ role: 'supplier', approved: false, sessionVersion: 0, email: pendingSupplier.email });
    const [p] = await t.db.select().from(profiles).where(eq(profiles.userId, buyer.id));
    expect(p?.visibility).toBe('public');
    const other = await t.request('GET', `/api/users/profile/${buyer.id}`, { token: admin.token });
    expect(other.body.data.companyName).toBe('Northgate Developments Ltd');
  });
});

describe('docs/product.md §6 Profile: who may see whose profile', () => {
  it('anonymous → 401; unknown id → 404; malformed id → 400', async () => {
    expect((await t.request('GET', `/api/users/profile/${supplier.id}`)).status).toBe(401);
    expect((await t.request('GET', '/api/users/profile')).status).toBe(401);
    expect((await t.request('GET', `/api/users/profile/${crypto.randomUUID()}`, { token: buyer.token })).status).toBe(
      404,
    );
    expect((await t.request('GET', '/api/users/profile/not-a-uuid', { token: buyer.token })).status).toBe(400);
  });

  it('a pending user reads their own profile (ungated) but not others’ (423)', async () => {
    expect((await t.request('GET', '/api/users/profile', { token: pendingSupplier.token })).status).toBe(200);
    const other = await t.request('GET', `/api/users/profile/${buyer.id}`, { token: pendingSupplier.token });
    expect(other.status).toBe(423);
    expect(other.body.error.code).toBe('ACCOUNT_PENDING_APPROVAL');
    // and a pending profile is not shown to others
    expect((await t.request('GET', `/api/users/profile/${pendingSupplier.id}`, { token: buyer.token })).status).toBe(
      404,
    );
  });

  it('shows the opposite party only: a buyer sees suppliers, not other buyers; admins see everyone; nobody sees an admin', async () => {
    expect((await t.request('GET', `/api/users/profile/${supplier.id}`, { token: buyer.token })).status).toBe(200);
    expect((await t.request('GET', `/api/users/profile/${otherBuyer.id}`, { token: buyer.token })).status).toBe(404);
    expect((await t.request('GET', `/api/users/profile/${otherSupplier.id}`, { token: supplier.token })).status).toBe(
      404,
    );
    expect((await t.request('GET', `/api/users/profile/${pendingSupplier.id}`, { token: admin.token })).status).toBe(
      200,
    );
    expect((await t.request('GET', `/api/users/profile/${admin.id}`, { token: buyer.token })).status).toBe(404);
  });

  it('hides names, email and phone from non-counterparties, never answers private fields', async () => {
    const view = await t.request('GET', `/api/users/profile/${supplier.id}`, { token: otherBuyer.token });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      contactVisible: false,
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      isOwner: false,
    });
    const text = JSON.stringify(view.body);
    expect(text).not.toMatch(/passwordHash|password_hash|sessionVersion|argon2|subscription/i);
    // the owner may open contact details to every member
    await t.request('PUT', '/api/settings/privacy', { token: supplier.token, body: { contactVisibility: 'members' } });
    const open = await t.request('GET', `/api/users/profile/${supplier.id}`, { token: otherBuyer.token });
    expect(open.body.data).toMatchObject({ contactVisible: true, email: supplier.email });
    await t.request('PUT', '/api/settings/privacy', {
      token: supplier.token,
      body: { contactVisibility: 'counterparties' },
    });
  });

  it('contact details show once the owner has written to the viewer in Messages (not when only the viewer wrote)', async () => {
    const viewer = await t.createUser({ role: 'buyer' });
    const [low, high] = viewer.id < supplier.id ? [viewer.id, supplier.id] : [supplier.id, viewer.id];
    const [conv] = await t.db.insert(conversations).values({ userLowId: low, userHighId: high }).returning();
    await t.db
      .insert(messages)
      .values({ conversationId: conv!.id, senderId: viewer.id, recipientId: supplier.id, text: 'Hello' });
    expect(
      (await t.request('GET', `/api/users/profile/${supplier.id}`, { token: viewer.token })).body.data.contactVisible,
    ).toBe(false);
    await t.db
      .insert(messages)
      .values({ conversationId: conv!.id, senderId: supplier.id, recipientId: viewer.id, text: 'Hi, happy to quote' });
    const res = await t.request('GET', `/api/users/profile/${supplier.id}`, { token: viewer.token });
    expect(res.body.data).toMatchObject({ contactVisible: true, email: supplier.email });
  });

  it('a private profile is 404 to others, but not to the owner, admins or a contract counterparty', async () => {
    expect(
      (
        await t.request('PUT', '/api/settings/privacy', {
          token: otherSupplier.token,
          body: { profileVisibility: 'private' },
        })
      ).status,
    ).toBe(200);
    expect((await t.request('GET', `/api/users/profile/${otherSupplier.id}`, { token: buyer.token })).status).toBe(404);
    expect((await t.request('GET', `/api/requirements/${otherSupplier.id}`, { token: buyer.token })).status).toBe(404);
    expect(
      (await t.request('GET', `/api/users/profile/${otherSupplier.id}`, { token: otherSupplier.token })).status,
    ).toBe(200);
    expect((await t.request('GET', `/api/users/profile/${otherSupplier.id}`, { token: admin.token })).status).toBe(200);
    const [tender] = await t.db
      .insert(tenders)
      .values({
        userId: buyer.id,
        title: 'Cladding',
        description: 'Cladding panels',
        category: 'structural-steel',
        status: 'fulfilled',
      })
      .returning();
    await t.db.insert(contracts).values({
      tenderId: tender!.id,
      tenderTitle: 'Cladding',
      buyerId: buyer.id,
      supplierId: otherSupplier.id,
      valuePence: 100,
      status: 'fulfilled',
    });
    const cp = await t.request('GET', `/api/users/profile/${otherSupplier.id}`, { token: buyer.token });
    expect(cp.status).toBe(200);
    expect(cp.body.data).toMatchObject({ contactVisible: true, email: otherSupplier.email, visibility: 'private' });
  });
});

describe('docs/product.md §7 POST /api/settings/projects, PUT/DELETE /api/settings/projects/{id}', () => {
  it('owner edits and deletes; another user gets 404; anonymous 401; invalid 400', async () => {
    const made = await t.request('POST', '/api/settings/projects', {
      token: buyer.token,
      body: { name: 'Leeds depot', status: 'planned' },
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const put = await t.request('PUT', `/api/settings/projects/${id}`, {
      token: buyer.token,
      body: { status: 'completed', completionDate: '2024-05-01', budget: 99.99 },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      name: 'Leeds depot',
      status: 'completed',
      completionDate: '2024-05-01',
      budgetPence: 9999,
    });
    expect(
      (await t.request('PUT', `/api/settings/projects/${id}`, { token: otherBuyer.token, body: { name: 'Mine now' } }))
        .status,
    ).toBe(404);
    expect((await t.request('DELETE', `/api/settings/projects/${id}`, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/settings/projects/${id}`)).status).toBe(401);
    expect((await t.request('POST', '/api/settings/projects', { body: { name: 'x' } })).status).toBe(401);
    const bad = await t.request('POST', '/api/settings/projects', {
      token: buyer.token,
      body: { name: '', estimatedCompletion: '31/12/2025', budget: -1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((x: { path: string }) => x.path)).toEqual(
      expect.arrayContaining(['body.name', 'body.estimatedCompletion', 'body.budget']),
    );
    expect((await t.request('DELETE', `/api/settings/projects/${id}`, { token: buyer.token })).status).toBe(200);
    expect((await t.request('DELETE', `/api/settings/projects/${id}`, { token: buyer.token })).status).toBe(404);
  });

  it('mass assignment: userId/id/createdAt in the body are ignored (POST and PUT)', async () => {
    const made = await t.request('POST', '/api/settings/projects', {
      token: buyer.token,
      body: { name: 'Mine', userId: otherBuyer.id, id: crypto.randomUUID(), createdAt: '2000-01-01T00:00:00Z' },
    });
    expect(made.status).toBe(201);
    expect(made.body.data.createdAt).not.toMatch(/^2000/);
    const put = await t.request('PUT', `/api/settings/projects/${made.body.data.id}`, {
      token: buyer.token,
      body: { userId: otherBuyer.id, name: 'Still mine' },
    });
    expect(put.status).toBe(200);
    const other = await t.request('GET', `/api/users/profile/${otherBuyer.id}`, { token: admin.token });
    expect(other.body.data.currentProjects).toEqual([]);
    const mine = await t.request('GET', '/api/users/profile', { token: buyer.token });
    expect(mine.body.data.currentProjects.map((p: { name: string }) => p.name)).toContain('Still mine');
  });

  it('a pending user may edit their own projects (settings are ungated)', async () => {
    expect(
      (
        await t.request('POST', '/api/settings/projects', {
          token: pendingSupplier.token,
          body: { name: 'Before approval' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await t.request('POST', '/api/settings/projects', { token: admin.token, body: { name: 'Admin' } })).status,
    ).toBe(403);
  });
});

describe('docs/product.md §7 POST /api/portfolio, PUT/DELETE /api/portfolio/{id}', () => {
  it('owner creates, edits, deletes; the profile lists portfolioItems{title,value,description,client,completionDate}', async () => {
    const made = await t.request('POST', '/api/portfolio', {
      token: supplier.token,
      body: {
        title: 'MediaCity footbridge',
        value: 420000,
        description: 'Steel footbridge',
        client: 'Peel',
        completionDate: '2022-09-30',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id;
    const put = await t.request('PUT', `/api/portfolio/${id}`, {
      token: supplier.token,
      body: { client: 'Peel Group', value: null },
    });
    expect(put.body.data).toMatchObject({ title: 'MediaCity footbridge', client: 'Peel Group', value: null });
    const view = await t.request('GET', `/api/users/profile/${supplier.id}`, { token: buyer.token });
    expect(view.body.data.portfolioItems).toEqual([
      expect.objectContaining({
        id,
        title: 'MediaCity footbridge',
        description: 'Steel footbridge',
        client: 'Peel Group',
        completionDate: '2022-09-30',
      }),
    ]);
    expect(
      (await t.request('PUT', `/api/portfolio/${id}`, { token: otherSupplier.token, body: { title: 'Stolen' } }))
        .status,
    ).toBe(404);
    expect((await t.request('DELETE', `/api/portfolio/${id}`, { token: otherSupplier.token })).status).toBe(404);
    expect((await t.request('POST', '/api/portfolio', { body: { title: 'x' } })).status).toBe(401);
    expect(
      (
        await t.request('POST', '/api/portfolio', {
          token: supplier.token,
          body: { title: 'x'.repeat(201), value: 'lots' },
        })
      ).status,
    ).toBe(400);
    expect((await t.request('DELETE', `/api/portfolio/${id}`, { token: supplier.token })).status).toBe(200);
    expect(
      (await t.request('PUT', `/api/portfolio/${id}`, { token: supplier.token, body: { title: 'Gone' } })).status,
    ).toBe(404);
  });

  it('mass assignment: userId in the body does not move the item to another user', async () => {
    const made = await t.request('POST', '/api/portfolio', {
      token: supplier.token,
      body: { title: 'Mine', userId: otherSupplier.id },
    });
    expect(made.status).toBe(201);
    await t.request('PUT', `/api/portfolio/${made.body.data.id}`, {
      token: supplier.token,
      body: { userId: otherSupplier.id },
    });
    const other = await t.request('GET', `/api/users/profile/${otherSupplier.id}`, { token: admin.token });
    expect(other.body.data.portfolioItems).toEqual([]);
  });
});

describe('docs/product.md §7 GET /api/requirements/{id?}, PUT /api/requirements', () => {
  it('owner sets and reads; the other side reads a visible user’s; same-role or anonymous cannot', async () => {
    const put = await t.request('PUT', '/api/requirements', {
      token: supplier.token,
      body: { qualityStandards: ['ISO 9001'], sustainability: 'Recycled steel preferred', userId: buyer.id },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      userId: supplier.id,
      qualityStandards: ['ISO 9001'],
      sustainability: 'Recycled steel preferred',
    });
    expect((await t.request('GET', '/api/requirements', { token: supplier.token })).body.data.sustainability).toBe(
      'Recycled steel preferred',
    );
    expect(
      (await t.request('GET', `/api/requirements/${supplier.id}`, { token: buyer.token })).body.data,
    ).toMatchObject({
      userId: supplier.id,
      qualityStandards: ['ISO 9001'],
      sustainability: 'Recycled steel preferred',
    });
    expect((await t.request('GET', `/api/requirements/${supplier.id}`, { token: otherSupplier.token })).status).toBe(
      404,
    );
    expect((await t.request('GET', `/api/requirements/${supplier.id}`)).status).toBe(401);
    expect(
      (await t.request('PUT', '/api/requirements', { token: supplier.token, body: { qualityStandards: 'ISO' } }))
        .status,
    ).toBe(400);
    // the mass-assigned userId did not touch the buyer's requirements
    const b = await t.request('GET', '/api/requirements', { token: buyer.token });
    expect(b.body.data.sustainability).toBeNull();
  });

  it('an empty profile answers empty lists and nulls, not errors', async () => {
    const fresh = await t.createUser({ role: 'buyer' });
    const res = await t.request('GET', '/api/users/profile', { token: fresh.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      image: null,
      imageUrl: null,
      region: null,
      preferredCategories: [],
      currentProjects: [],
      pastProjects: [],
      materialsNeeded: null,
      supplierRequirements: {
        qualityStandards: [],
        deliveryReliability: null,
        sustainability: null,
        pricing: null,
        updatedAt: null,
      },
      reviews: [],
    });
  });
});

describe('DESIGN §7 demo data: full profiles, a fulfilled deal with reviews and an active deal', () => {
  it('seeds the demo buyer and supplier profiles, deals and reviews that the API serves', async () => {
    const { seedListings } = await import('../tenders/listings.seed.ts');
    const { seedProfiles } = await import('./profiles.seed.ts');
    const { seedContracts } = await import('../deals/deals.seed.ts');
    const demoBuyer = await t.createUser({ role: 'buyer', email: 'buyer@brickyard.test' });
    const demoSupplier = await t.createUser({ role: 'supplier', email: 'supplier@brickyard.test' });
    const demoCore = await t.createUser({ role: 'supplier', email: 'core-supplier@brickyard.test', plan: 'CORE' });
    const accounts = new Map([
      ['buyer@brickyard.test', demoBuyer.id],
      ['supplier@brickyard.test', demoSupplier.id],
      ['core-supplier@brickyard.test', demoCore.id],
    ]);
    for (const seed of [seedListings, seedProfiles, seedContracts]) await seed(t.db, accounts);

    const sp = (await t.request('GET', `/api/users/profile/${demoSupplier.id}`, { token: demoBuyer.token })).body.data;
    expect(sp).toMatchObject({ region: 'north-west', contactVisible: true, reviewSummary: { average: 5, count: 1 } });
    expect(sp.catalogueItems.length).toBeGreaterThan(3);
    expect(sp.portfolioItems).toHaveLength(2);
    expect(sp.buyerRequirements.qualityStandards.length).toBeGreaterThan(0);
    const bp = (await t.request('GET', `/api/users/profile/${demoBuyer.id}`, { token: demoSupplier.token })).body.data;
    expect(bp.currentProjects.map((p: { status: string }) => p.status)).toEqual(
      expect.arrayContaining(['ongoing', 'planned']),
    );
    expect(bp.pastProjects).toHaveLength(2);
    expect(bp.materialsNeeded.requiredProducts).toHaveLength(3);
    expect(bp.supplierRequirements.pricing).toBeTruthy();
    expect(bp.reviewSummary).toEqual({ average: 4, count: 1 });

    const deals = await t.request('GET', `/api/contract/user/${demoSupplier.id}`, { token: demoSupplier.token });
    expect(deals.body.meta.totals.fulfilled.count).toBe(1);
    expect(deals.body.meta.totals.active.count).toBe(1);
    const awarded = await t.request('GET', '/api/tender/supplierFulfilledAndPendingTenders', {
      token: demoSupplier.token,
    });
    expect(awarded.body.meta.total).toBe(2);
    // the core supplier keeps an empty profile for the empty states
    const empty = (await t.request('GET', `/api/users/profile/${demoCore.id}`, { token: demoBuyer.token })).body.data;
    expect(empty).toMatchObject({
      region: null,
      portfolioItems: [],
      documents: [],
      reviewSummary: { average: null, count: 0 },
    });
  });
});
