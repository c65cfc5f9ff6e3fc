import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('docs/product.md §4/§6 access state is enforced by the server', () => {
  it('a buyer awaiting approval gets 423 outside settings/billing/profile, but billing and notifications work', async () => {
    const u = await t.createUser({ role: 'buyer', approved: false, plan: null });
    const gated = await t.request('GET', '/api/admin/overview', { token: u.token });
    expect(gated.status).toBe(403); // admin-only: role first
    expect((await t.request('GET', '/api/billing/info', { token: u.token })).status).toBe(200);
    expect((await t.request('GET', '/api/notifications/unread-count', { token: u.token })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/session', { token: u.token })).status).toBe(200);
  });

  it('tokens are checked: none → 401, tampered → 401, expired → 401 SESSION_EXPIRED', async () => {
    const u = await t.createUser({ role: 'supplier' });
    expect((await t.request('GET', '/api/billing/info')).status).toBe(401);
    const [h, p] = u.token.split('.');
    const tampered = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await t.request('GET', '/api/billing/info', { token: tampered })).status).toBe(401);
    const short = await createTestApp({ jwtTtlSeconds: 1 });
    try {
      const s = await short.createUser();
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.request('GET', '/api/billing/info', { token: s.token });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('SESSION_EXPIRED');
    } finally {
      await short.close();
    }
  });

  it('an unknown API path answers a JSON 404, never the web app', async () => {
    const res = await t.request('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('serves OpenAPI JSON at /api/docs/json with the auth calls', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/auth/users', '/api/billing/upgrade']),
    );
  });

  it('sets security headers', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('docs/product.md §4 gating on a feature call (GET /api/tender)', () => {
  it('not approved → 423 ACCOUNT_PENDING_APPROVAL; approved without subscription → 402 SUBSCRIPTION_REQUIRED; active → 200', async () => {
    const pending = await t.createUser({ role: 'supplier', approved: false, plan: 'GROWTH' });
    const unsubscribed = await t.createUser({ role: 'supplier', approved: true, plan: null });
    const active = await t.createUser({ role: 'supplier', approved: true, plan: 'CORE' });
    const admin = await t.createUser({ role: 'admin' });

    const a = await t.request('GET', '/api/tender', { token: pending.token });
    expect(a.status).toBe(423);
    expect(a.body.error).toMatchObject({
      code: 'ACCOUNT_PENDING_APPROVAL',
      message: 'We are in the process of reviewing your account, this can take up to 48 hours',
    });
    const b = await t.request('GET', '/api/tender', { token: unsubscribed.token });
    expect(b.status).toBe(402);
    expect(b.body.error).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'You need an active subscription to access this feature. Please go to Settings > Billing',
    });
    expect((await t.request('GET', '/api/tender', { token: active.token })).status).toBe(200);
    // admins are never gated by approval or subscription
    expect([200, 403]).toContain((await t.request('GET', '/api/tender', { token: admin.token })).status);
  });

  it('an expired subscription closes the gate again', async () => {
    const u = await t.createUser({ role: 'buyer', plan: 'GROWTH' });
    expect((await t.request('GET', '/api/tender', { token: u.token })).status).toBe(200);
    const { sql } = await import('drizzle-orm');
    await t.db.execute(
      sql`update subscriptions set current_period_end = now() - interval '1 day' where user_id = ${u.id}`,
    );
    expect((await t.request('GET', '/api/tender', { token: u.token })).status).toBe(402);
  });
});
