import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let otherSupplier: TestUser;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  [buyer, supplier, otherSupplier] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Northgate Developments Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Pennine Steel Ltd' }),
    t.createUser({ role: 'supplier' }),
  ]);
});
afterAll(() => t.close());

const PATH = '/api/settings/profile-and-requirements';
const before = {
  qualityStandards: ['ISO 9001'],
  deliveryReliability: '98% on time',
  sustainability: null,
  pricing: 'Fixed price',
};

async function requirementsOf(user: TestUser) {
  const res = await t.request('GET', '/api/requirements', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, unknown>;
}

describe('PUT /api/settings/profile-and-requirements (the profile settings form’s one save)', () => {
  it('saves the profile and the requirements together and answers the profile', async () => {
    const res = await t.request('PUT', PATH, {
      token: buyer.token,
      body: {
        companyName: 'Northgate Developments Group',
        industry: 'Commercial construction',
        requirements: { qualityStandards: ['ISO 14001'], pricing: 'Open book', sustainability: '' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      companyName: 'Northgate Developments Group',
      industry: 'Commercial construction',
      supplierRequirements: { qualityStandards: ['ISO 14001'], pricing: 'Open book', sustainability: null },
    });
    expect(await requirementsOf(buyer)).toMatchObject({ qualityStandards: ['ISO 14001'], pricing: 'Open book' });
  });

  it('an invalid profile field refuses the whole save (400): the requirements stay as they were', async () => {
    expect((await t.request('PUT', '/api/requirements', { token: supplier.token, body: before })).status).toBe(200);
    const res = await t.request('PUT', PATH, {
      token: supplier.token,
      body: {
        leadTime: -3,
        requirements: { qualityStandards: ['BS EN 1090'], pricing: 'Cost plus' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((x: { path: string }) => x.path)).toContain('body.leadTime');
    expect(await requirementsOf(supplier)).toMatchObject(before);
  });

  it('a logo that is not the caller’s upload refuses the whole save (400): requirements and profile unchanged', async () => {
    expect((await t.request('PUT', '/api/requirements', { token: supplier.token, body: before })).status).toBe(200);
    const theirs = await t.request('POST', '/api/upload/presigned-upload-url', {
      token: otherSupplier.token,
      body: { fileName: 'their-logo.png', uploadType: 'profile-image' },
    });
    expect(theirs.status).toBe(200);
    await fetch(t.url + theirs.body.data.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(PNG),
      headers: { 'content-type': 'application/octet-stream' },
    });
    const res = await t.request('PUT', PATH, {
      token: supplier.token,
      body: {
        companyName: 'Renamed Ltd',
        image: theirs.body.data.key,
        requirements: { qualityStandards: ['BS EN 1090'], pricing: 'Cost plus' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((x: { path: string }) => x.path)).toEqual(['image']);
    expect(await requirementsOf(supplier)).toMatchObject(before);
    const profile = await t.request('GET', '/api/settings/profile', { token: supplier.token });
    expect(profile.body.data.companyName).toBe('Pennine Steel Ltd');
  });

  it('an invalid requirement refuses the profile too (400, field under requirements)', async () => {
    const res = await t.request('PUT', PATH, {
      token: supplier.token,
      body: { companyName: 'Renamed Ltd', requirements: { pricing: 'x'.repeat(1001) } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((x: { path: string }) => x.path)).toContain('body.requirements.pricing');
    const profile = await t.request('GET', '/api/settings/profile', { token: supplier.token });
    expect(profile.body.data.companyName).toBe('Pennine Steel Ltd');
  });

  it('is for buyers and suppliers only', async () => {
    expect((await t.request('PUT', PATH, { body: { companyName: 'X' } })).status).toBe(401);
  });
});
