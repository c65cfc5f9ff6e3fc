import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let supplier: TestUser;
let otherSupplier: TestUser;
let buyer: TestUser;
let unsubscribed: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [supplier, otherSupplier, buyer, unsubscribed] = await Promise.all([
    t.createUser({ role: 'supplier', companyName: 'Pennine Building Supplies Ltd' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier', plan: null }),
  ]);
});
afterAll(() => t.close());

const itemBody = (over: Record<string, unknown> = {}) => ({
  title: 'C32/40 ready-mix concrete',
  description: 'Ready-mix concrete to BS 8500, delivered by 8m³ truck mixer within 40 miles of Leeds.',
  specifications: 'Strength class C32/40, S3 slump, 20mm aggregate',
  category: 'concrete',
  subcategories: ['ready-mix-concrete'],
  value: 118.5,
  quantity: 400,
  leadTime: 2,
  region: 'yorkshire-and-the-humber',
  availability: 'available',
  paymentTerms: '30 days end of month',
  certifications: ['BSI Kitemark', 'BES 6001'],
  deliveryLocations: ['yorkshire-and-the-humber', 'north-west'],
  ...over,
});

async function createItem(over: Record<string, unknown> = {}, token = supplier.token, prefix = '/api/catalogue') {
  const res = await t.request('POST', prefix, { token, body: itemBody(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('docs/product.md §7 Catalogue and Products: the same items under /api/catalogue and /api/product', () => {
  it('creates an item for a supplier with every docs/product.md §3 field and reads it under both prefixes', async () => {
    const d = await createItem();
    expect(d).toMatchObject({
      userId: supplier.id,
      user: { companyName: 'Pennine Building Supplies Ltd' },
      value: 118.5,
      valuePence: 11850,
      currency: 'GBP',
      quantity: 400,
      leadTime: 2,
      certifications: ['BSI Kitemark', 'BES 6001'],
      deliveryLocations: ['yorkshire-and-the-humber', 'north-west'],
      warrantyRequirement: null,
      rebate: null,
    });
    const viaProduct = await t.request('GET', `/api/product/${d.id}`, { token: buyer.token });
    expect(viaProduct.status).toBe(200);
    expect(viaProduct.body.data).toEqual(d);
    const made = await createItem({ title: 'Made via product' }, supplier.token, '/api/product');
    expect((await t.request('GET', `/api/catalogue/${made.id}`, { token: otherSupplier.token })).body.data.title).toBe(
      'Made via product',
    );
  });

  it('refuses buyers (403), anonymous (401), unsubscribed suppliers (402) and invalid input (400 with fields)', async () => {
    expect((await t.request('POST', '/api/catalogue', { token: buyer.token, body: itemBody() })).status).toBe(403);
    expect((await t.request('POST', '/api/product', { body: itemBody() })).status).toBe(401);
    const unsub = await t.request('POST', '/api/catalogue', { token: unsubscribed.token, body: itemBody() });
    expect(unsub.status).toBe(402);
    expect(unsub.body.error.code).toBe('SUBSCRIPTION_REQUIRED');
    const bad = await t.request('POST', '/api/catalogue', {
      token: supplier.token,
      body: itemBody({ value: undefined, availability: 'maybe', quantity: -3 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((x: { path: string }) => x.path)).toEqual(
      expect.arrayContaining(['body.availability', 'body.quantity']),
    );
    const noPrice = await t.request('POST', '/api/catalogue', {
      token: supplier.token,
      body: itemBody({ value: undefined }),
    });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.error.details).toEqual([{ path: 'body.value', message: 'Enter a price' }]);
  });

  it('lets only the owner change or delete (another supplier 404, a buyer 403, anonymous 401)', async () => {
    const d = await createItem();
    for (const prefix of ['/api/catalogue', '/api/product']) {
      expect(
        (await t.request('PUT', `${prefix}/${d.id}`, { token: otherSupplier.token, body: { title: 'Mine now' } }))
          .status,
      ).toBe(404);
      expect(
        (await t.request('PUT', `${prefix}/${d.id}`, { token: buyer.token, body: { title: 'Mine now' } })).status,
      ).toBe(403);
      expect((await t.request('PUT', `${prefix}/${d.id}`, { body: { title: 'Mine now' } })).status).toBe(401);
      expect((await t.request('DELETE', `${prefix}/${d.id}`, { token: otherSupplier.token })).status).toBe(404);
    }
    const ok = await t.request('PUT', `/api/product/${d.id}`, {
      token: supplier.token,
      body: { value: 120, availability: 'limited', quantity: 0 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ valuePence: 12000, availability: 'limited', quantity: 0, title: d.title });
    const clearPrice = await t.request('PUT', `/api/catalogue/${d.id}`, {
      token: supplier.token,
      body: { value: null },
    });
    expect(clearPrice.status).toBe(400);
    const badSub = await t.request('PUT', `/api/catalogue/${d.id}`, {
      token: supplier.token,
      body: { subcategories: ['excavators'] },
    });
    expect(badSub.status).toBe(400);
    expect(badSub.body.error.details[0].path).toBe('subcategories.0');
    expect((await t.request('DELETE', `/api/catalogue/${d.id}`, { token: supplier.token })).status).toBe(200);
    expect((await t.request('GET', `/api/product/${d.id}`, { token: supplier.token })).status).toBe(404);
  });

  it("lists, filters and sorts: own items for a supplier, everyone's for a buyer, /user/{id} for one supplier", async () => {
    const s = await t.createUser({ role: 'supplier', companyName: 'Filter Steel Ltd' });
    await createItem(
      {
        title: 'Universal beam 203x133x25',
        category: 'structural-steel',
        subcategories: ['beams-and-columns'],
        value: 52.3,
        region: 'north-west',
        availability: 'available',
        quantity: 80,
      },
      s.token,
    );
    await createItem(
      {
        title: 'Kingspan-type PIR insulation board 100mm',
        category: 'insulation',
        subcategories: ['thermal-insulation'],
        value: 31.99,
        region: 'london',
        availability: 'limited',
        quantity: 0,
      },
      s.token,
    );
    await createItem(
      {
        title: '13-tonne excavator hire (weekly)',
        category: 'plant-hire',
        subcategories: ['excavators'],
        value: 950,
        region: 'north-west',
        availability: 'other',
        quantity: 2,
      },
      s.token,
    );

    const own = await t.request('GET', '/api/catalogue?pageSize=2', { token: s.token });
    expect(own.body.meta).toEqual({ page: 1, pageSize: 2, total: 3 });
    const get = async (qs: string) =>
      (await t.request('GET', `/api/catalogue/user/${s.id}?${qs}`, { token: buyer.token })).body;
    expect((await get('region=north-west')).meta.total).toBe(2);
    expect((await get('availability=limited')).data[0].title).toContain('PIR');
    expect((await get('minPrice=40&maxPrice=100')).data.map((x: any) => x.value)).toEqual([52.3]);
    expect((await get('sort=price_asc')).data.map((x: any) => x.value)).toEqual([31.99, 52.3, 950]);
    expect((await get('sort=price_desc')).data.map((x: any) => x.value)).toEqual([950, 52.3, 31.99]);
    expect((await get('inStock=false')).meta.total).toBe(1);
    // in stock and out of stock are two conditions, not one statement with two values
    const inStock = (await get('inStock=true')).data.map((x: any) => x.title);
    const outOfStock = (await get('inStock=false')).data.map((x: any) => x.title);
    expect(inStock).toHaveLength(2);
    expect(outOfStock).toHaveLength(1);
    expect(inStock).not.toContain(outOfStock[0]);
    expect((await get('q=excavator')).data.map((x: any) => x.category)).toEqual(['plant-hire']);
    // words: the search engine's order ("Best match") by default, any word found; a sort still sorts them
    const byDefault = (await get('q=excavator%20beam')).data.map((x: any) => x.title);
    // the two that hold a word come first (a third may follow, related only by its CPV category)
    expect(byDefault.slice(0, 2).sort()).toEqual(['13-tonne excavator hire (weekly)', 'Universal beam 203x133x25']);
    expect((await get('q=excavator%20beam')).data.map((x: any) => x.title)).toEqual(
      (await get('q=excavator%20beam&sort=relevance')).data.map((x: any) => x.title),
    );
    const byPrice = (await get('q=excavator%20beam&sort=price_asc')).data.map((x: any) => x.value);
    expect(byPrice).toEqual([...byPrice].sort((a: number, b: number) => a - b));
    expect(byPrice).toEqual(expect.arrayContaining([52.3, 950]));
    expect((await get('q=weekly%20excavator%20hire%20beam')).data[0].title).toBe('13-tonne excavator hire (weekly)');
    expect((await get('category=Structural Steel')).meta.total).toBe(1);
    const everyone = await t.request('GET', `/api/product?q=insulation`, { token: buyer.token });
    expect(everyone.body.data.some((x: any) => x.userId === s.id)).toBe(true);
    expect((await t.request('GET', `/api/catalogue/user/${s.id}`)).status).toBe(401);
    expect((await t.request('GET', `/api/catalogue?pageSize=500`, { token: buyer.token })).status).toBe(400);
  });

  it("removes a deleted item's files from storage", async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'datasheet.pdf');
    const up = await t.request('POST', '/api/product/upload-document', { token: supplier.token, raw: form });
    expect(up.status).toBe(201);
    const d = await createItem({ attachments: [{ name: 'Datasheet', url: up.body.data.url }] });
    const dl = `/api/upload/presigned-download-url?key=${encodeURIComponent(up.body.data.key)}`;
    expect((await t.request('GET', dl, { token: buyer.token })).status).toBe(200);
    expect((await t.request('DELETE', `/api/product/${d.id}`, { token: supplier.token })).status).toBe(200);
    expect((await t.request('GET', dl, { token: supplier.token })).status).toBe(404);
  });
});
