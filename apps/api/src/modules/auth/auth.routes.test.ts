import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwtPayload } from '../../../test/jwt.ts';
import { createTestApp, linkIn, TEST_PASSWORD, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Price',
  companyName: 'Price Groundworks',
  email: `dana-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'Sturdy-pass-42',
  userRole: 'supplier',
  acceptTerms: true,
  ...over,
});

describe('docs/product.md §7 Auth: register, verify, login', () => {
  it('registers with planType defaulting to CORE, mails a verification link, and login waits for it', async () => {
    const body = newUser();
    const reg = await t.request('POST', '/api/auth/register', { body });
    expect(reg.status).toBe(201);
    expect(reg.body.data.email).toBe(body.email);

    const billingDefault = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, body.email) });
    expect(billingDefault?.selectedPlan).toBe('CORE');
    expect(billingDefault?.selectedCycle).toBe('monthly');
    expect(billingDefault?.passwordHash).toMatch(/^\$argon2id\$/);

    const early = await t.request('POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
    expect(early.status).toBe(401);
    expect(early.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    const mail = t.mails.find((m) => m.to === body.email);
    const link = linkIn(mail, '/verify-email');
    const token = link.searchParams.get('token')!;
    const verified = await t.request('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(verified.status).toBe(200);

    // single use: a second click says the address is already confirmed (it changes nothing),
    // and a link that never was one is still refused
    const again = await t.request('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(200);
    expect(again.body.data.message).toBe('Your email address is already confirmed. You can sign in.');
    const forged = await t.request(
      'GET',
      `/api/auth/verify-email?token=${encodeURIComponent(token.slice(0, -4) + 'abcd')}`,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('INVALID_TOKEN');

    const login = await t.request('POST', '/api/auth/login', {
      body: { email: body.email.toUpperCase(), password: body.password },
    });
    expect(login.status).toBe(200);
    // docs/product.md §3 stored session, exactly
    expect(Object.keys(login.body.data).sort()).toEqual([
      'approved',
      'hasActiveSubscription',
      'id',
      'role',
      'token',
      'user',
    ]);
    expect(login.body.data).toMatchObject({
      role: 'supplier',
      user: { name: 'Dana Price', email: body.email },
      approved: false,
      hasActiveSubscription: false,
    });
    const claims = decodeJwtPayload(login.body.data.token);
    expect(claims.sub).toBe(login.body.data.id);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp).toBeLessThan(Date.now() / 1000 + 60 * 60 * 24 * 31);
  });

  it('keeps the chosen plan and cycle from the sign-up query', async () => {
    const body = newUser({ planType: 'GROWTH', billingCycle: 'yearly', userRole: 'buyer' });
    expect((await t.request('POST', '/api/auth/register', { body })).status).toBe(201);
    const row = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, body.email) });
    expect(row).toMatchObject({ selectedPlan: 'GROWTH', selectedCycle: 'yearly', role: 'buyer', approved: false });
  });

  it('a second sign-up for a registered email (any case) answers as for a new one and mails the owner instead', async () => {
    const body = newUser();
    const first = await t.request('POST', '/api/auth/register', { body });
    expect(first.status).toBe(201);
    const mailsBefore = t.mails.length;
    const dup = await t.request('POST', '/api/auth/register', {
      body: { ...body, email: body.email.toUpperCase(), password: 'Other-pass-42' },
    });
    expect(dup.status).toBe(201);
    expect(Object.keys(dup.body.data).sort()).toEqual(Object.keys(first.body.data).sort());
    expect(dup.body.data.message).toBe(first.body.data.message);
    expect(dup.body.data.id).not.toBe(first.body.data.id);
    const sent = t.mails.slice(mailsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(body.email);
    expect(sent[0]!.subject).toMatch(/already have a Brickyard account/);
    // Still one account, with the first password.
    const users = await t.db.query.users.findMany({ where: (u, { ilike }) => ilike(u.email, body.email) });
    expect(users).toHaveLength(1);
  });

  it.each([
    ['missing fields', {}],
    ['bad email', newUser({ email: 'not-an-email' })],
    ['weak password', newUser({ password: 'short' })],
    ['admin role', newUser({ userRole: 'admin' })],
    ['unknown plan', newUser({ planType: 'GOLD' })],
    ['terms not accepted', newUser({ acceptTerms: false })],
    ['array body', [1, 2]],
    ['huge name', newUser({ firstName: 'x'.repeat(10_000) })],
  ])('answers 400 with field details for %s', async (_name, body) => {
    const res = await t.request('POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.length).toBeGreaterThan(0);
  });

  it('answers malformed JSON with 400 INVALID_JSON, never 500', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      raw: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_JSON');
  });

  it('rejects wrong credentials with 401 and does not reveal whether the account exists', async () => {
    const u = await t.createUser({ role: 'buyer' });
    const wrong = await t.request('POST', '/api/auth/login', { body: { email: u.email, password: 'Wrong-pass-1' } });
    const none = await t.request('POST', '/api/auth/login', {
      body: { email: 'nobody@example.test', password: 'Wrong-pass-1' },
    });
    expect(wrong.status).toBe(401);
    expect(none.status).toBe(401);
    expect(wrong.body.error).toEqual(none.body.error);
  });
});

describe('docs/product.md §7 Auth: forgot and reset password', () => {
  it('answers the same for known and unknown emails and mails a single-use reset link', async () => {
    const u = await t.createUser({ role: 'supplier' });
    const known = await t.request('POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const unknown = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.test' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(t.mails.some((m) => m.to === 'ghost@example.test')).toBe(false);

    const link = linkIn(
      t.mails.findLast((m) => m.to === u.email),
      '/reset-password-validation',
    );
    expect(link.searchParams.get('userId')).toBe(u.id);
    const token = link.searchParams.get('token')!;

    const weak = await t.request('POST', '/api/auth/forgot-password-validation', {
      body: { userId: u.id, token, newPassword: 'weak' },
    });
    expect(weak.status).toBe(400);

    const otherUser = await t.createUser();
    const wrongUser = await t.request('POST', '/api/auth/forgot-password-validation', {
      body: { userId: otherUser.id, token, newPassword: 'Brand-new-pass-9' },
    });
    expect(wrongUser.status).toBe(400);

    // The token was consumed by the wrong-user attempt: a token is good for one try only.
    const reused = await t.request('POST', '/api/auth/forgot-password-validation', {
      body: { userId: u.id, token, newPassword: 'Brand-new-pass-9' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('INVALID_TOKEN');

    await t.request('POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const fresh = linkIn(
      t.mails.findLast((m) => m.to === u.email),
      '/reset-password-validation',
    ).searchParams.get('token')!;
    const ok = await t.request('POST', '/api/auth/forgot-password-validation', {
      body: { userId: u.id, token: fresh, newPassword: 'Brand-new-pass-9' },
    });
    expect(ok.status).toBe(200);
    // the old session ended with the password change
    expect((await t.request('GET', '/api/billing/info', { token: u.token })).status).toBe(401);
    await t.login(u.email, 'Brand-new-pass-9');
  });

  it('stores reset tokens hashed, never in clear', async () => {
    const u = await t.createUser();
    await t.request('POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const token = linkIn(
      t.mails.findLast((m) => m.to === u.email),
      '/reset-password',
    ).searchParams.get('token')!;
    const rows = await t.db.query.authTokens.findMany({ where: (a, { eq }) => eq(a.userId, u.id) });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.tokenHash).not.toContain(token);
  });

  it('changes the password of a signed-in user and ends their other sessions', async () => {
    const u = await t.createUser();
    const second = await t.login(u.email);
    const wrong = await t.request('POST', '/api/auth/reset-password', {
      token: u.token,
      body: { password: 'nope', newPassword: 'Another-pass-77' },
    });
    expect(wrong.status).toBe(400);
    const res = await t.request('POST', '/api/auth/reset-password', {
      token: u.token,
      body: { password: 'Test-password-1', newPassword: 'Another-pass-77' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBeTruthy();
    expect((await t.request('GET', '/api/auth/session', { token: second.token })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/session', { token: res.body.data.token })).status).toBe(200);
  });

  it('rate limits repeated failed logins for one account with 429', async () => {
    const app = await createTestApp({ loginAttemptsPer15Min: 3 });
    try {
      const u = await app.createUser();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await app.request('POST', '/api/auth/login', { body: { email: u.email, password: 'Wrong-pass-1' } })).status,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses[4]).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('a locked account refuses the right password too, until the window closes', async () => {
    const app = await createTestApp({ loginAttemptsPer15Min: 3 });
    try {
      const u = await app.createUser();
      for (let i = 0; i < 3; i++) {
        expect(
          (await app.request('POST', '/api/auth/login', { body: { email: u.email, password: 'Wrong-pass-1' } })).status,
        ).toBe(401);
      }
      const wrong = await app.request('POST', '/api/auth/login', {
        body: { email: u.email, password: 'Wrong-pass-1' },
      });
      expect(wrong.status).toBe(429);
      const right = await app.request('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } });
      expect(right.status).toBe(429);
      expect(right.body.error.code).toBe('RATE_LIMITED');
      expect(right.body.data).toBeUndefined();
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('two API instances on one database share the login limit (counted in PostgreSQL)', async () => {
    const first = await createTestApp({ loginAttemptsPer15Min: 4 });
    const second = await createTestApp({ loginAttemptsPer15Min: 4 }, { databaseUrl: first.databaseUrl });
    try {
      const u = await first.createUser();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const app = i % 2 === 0 ? first : second;
        statuses.push(
          (await app.request('POST', '/api/auth/login', { body: { email: u.email, password: 'Wrong-pass-1' } })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401]);
      // Four failures in all, two on each instance: both now refuse, the right password included.
      for (const app of [first, second]) {
        const res = await app.request('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } });
        expect(res.status).toBe(429);
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('sessions end on the server', () => {
  it("POST /api/auth/logout ends the token (and the user's other sessions)", async () => {
    const u = await t.createUser();
    const other = await t.login(u.email);
    const out = await t.request('POST', '/api/auth/logout', { token: u.token });
    expect(out.status).toBe(200);
    expect((await t.request('GET', '/api/auth/session', { token: u.token })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/session', { token: other.token })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/logout')).status).toBe(401);
    expect((await t.login(u.email)).token).toBeTruthy();
  });

  it('GET /api/auth/session renews a sign-in only up to SESSION_MAX_SECONDS after it', async () => {
    const app = await createTestApp({ sessionMaxSeconds: 60 });
    try {
      const u = await app.createUser();
      const renewed = await app.request('GET', '/api/auth/session', { token: u.token });
      expect(renewed.status).toBe(200);
      // The renewal keeps the time of the sign-in.
      expect(decodeJwtPayload(renewed.body.data.token).at).toBe(decodeJwtPayload(u.token).at);
      // A token of a sign-in 61 seconds ago (signed with the server's key) is no longer renewed.
      const { createJwt } = await import('../../platform/auth/jwt.ts');
      const claims = decodeJwtPayload(u.token);
      const old = createJwt(app.config.jwtSecret, 3600).sign({
        sub: claims.sub,
        role: claims.role,
        sv: claims.sv,
        at: Math.floor(Date.now() / 1000) - 61,
      });
      const refused = await app.request('GET', '/api/auth/session', { token: old });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('SESSION_EXPIRED');
    } finally {
      await app.close();
    }
  });

  it('a signed token whose subject is not a user id answers 401, not 500', async () => {
    const { createJwt } = await import('../../platform/auth/jwt.ts');
    const token = createJwt(t.config.jwtSecret, 3600).sign({ sub: 'not-a-uuid', role: 'buyer', sv: 0 });
    const res = await t.request('GET', '/api/auth/session', { token });
    expect(res.status).toBe(401);
  });

  it('signed-in answers carry Cache-Control: no-store, refusals and not-found included', async () => {
    const u = await t.createUser();
    for (const path of ['/api/auth/session', '/api/settings/account', '/api/notifications']) {
      const res = await t.request('GET', path, { token: u.token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const missing = await t.request('GET', '/api/catalogue/00000000-0000-4000-8000-000000000000', { token: u.token });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const wrongRole = await t.request('POST', '/api/catalogue', { token: u.token, body: {} });
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.headers.get('cache-control')).toBe('no-store');
  });
});
