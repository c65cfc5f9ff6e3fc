import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/**
 * docs/reliability.md (hostile input answers 4xx, never 5xx): a NUL character, which PostgreSQL text cannot
 * hold, is refused in any JSON body with a 400 in the error model, naming where it was. The fuzz
 * test found it as a 500 on PUT /api/settings/billing.
 */
let t: TestApp;
let supplier: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  supplier = await t.createUser({ role: 'supplier' });
});
afterAll(() => t.close());

describe('JSON bodies with U+0000', () => {
  it('answer 400 VALIDATION_FAILED with the path of each such string, and change nothing', async () => {
    const res = await t.request('PUT', '/api/settings/billing', {
      token: supplier.token,
      body: { companyName: 'Keystone', billingEmail: 'billing@keystone.test', country: 'U\u0000K' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details).toEqual([{ path: 'body.country', message: expect.any(String) }]);
    const after = await t.request('GET', '/api/settings/billing', { token: supplier.token });
    expect(JSON.stringify(after.body)).not.toContain('Keystone');

    const nested = await t.request('POST', '/api/catalogue', {
      token: supplier.token,
      body: { title: 'Steel', description: 'Beams', category: 'structural-steel', certifications: ['ISO\u00009001'] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.certifications.0']);
  });

  it('leave other bodies alone, the text "\\u0000" written out included', async () => {
    const res = await t.request('PUT', '/api/settings/billing', {
      token: supplier.token,
      body: { companyName: 'Back\\u0000slash Ltd', billingEmail: 'billing@keystone.test', country: 'United Kingdom' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.companyName).toBe('Back\\u0000slash Ltd');
  });
});
