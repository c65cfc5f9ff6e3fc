import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { strFromU8, unzipSync } from 'fflate';
import { twoFactor, twoFactorRecoveryCodes, users } from '../../db/schema/index.ts';
import { decodeJwtPayload } from '../../../test/jwt.ts';
import { TEST_PASSWORD, createTestApp, linkIn, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let pending: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, supplier, pending, admin] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Northgate Developments Ltd' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'supplier', approved: false, plan: null }),
    t.createUser({ role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('DESIGN §1 OpenAPI: the profile, settings, contract and review calls are documented', () => {
  it('lists them in /api/docs/json', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/profile/{id}',
        '/api/settings/profile',
        '/api/settings/account',
        '/api/settings/security',
        '/api/settings/privacy',
        '/api/settings/privacy/export',
        '/api/settings/projects/{id}',
        '/api/portfolio/{id}',
        '/api/requirements/{id}',
        '/api/contract',
        '/api/contract/{id}',
        '/api/contract/tender/{id}',
        '/api/contract/user/{id}',
        '/api/reviews/{id}',
        '/api/auth/login/2fa',
      ]),
    );
  });
});

describe('docs/product.md §2 Settings > Accounts: GET/PUT /api/settings/account', () => {
  it('answers name, email, phone; saves names and phone; refuses invalid input (400) and anonymous (401)', async () => {
    const get = await t.request('GET', '/api/settings/account', { token: buyer.token });
    expect(get.status).toBe(200);
    expect(get.body.data).toMatchObject({
      id: buyer.id,
      firstName: 'Test',
      lastName: 'Buyer',
      email: buyer.email,
      pendingEmail: null,
      phone: null,
      emailVerified: true,
    });
    const put = await t.request('PUT', '/api/settings/account', {
      token: buyer.token,
      body: { firstName: 'Dana', lastName: 'Price', phone: '+44 161 496 0000' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      firstName: 'Dana',
      lastName: 'Price',
      phone: '+44 161 496 0000',
      email: buyer.email,
    });
    // the session name follows
    const session = await t.request('GET', '/api/auth/session', { token: buyer.token });
    expect(session.body.data.user.name).toBe('Dana Price');
    const bad = await t.request('PUT', '/api/settings/account', {
      token: buyer.token,
      body: { firstName: '', email: 'not-an-email', phone: 'call me' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.firstName', 'body.email', 'body.phone']),
    );
    expect((await t.request('GET', '/api/settings/account')).status).toBe(401);
    expect((await t.request('PUT', '/api/settings/account', { body: { firstName: 'x' } })).status).toBe(401);
  });

  it('is open to a pending user and to an admin (ungated)', async () => {
    expect(
      (await t.request('PUT', '/api/settings/account', { token: pending.token, body: { phone: '0161 000 0000' } }))
        .status,
    ).toBe(200);
    expect((await t.request('GET', '/api/settings/account', { token: admin.token })).status).toBe(200);
  });

  it('mass assignment: role, approved, subscription, sessionVersion, id and emailVerifiedAt are ignored', async () => {
    const before = await userRow(pending.id);
    const res = await t.request('PUT', '/api/settings/account', {
      token: pending.token,
      body: {
        firstName: 'Pat',
        role: 'admin',
        approved: true,
        hasActiveSubscription: true,
        plan: 'PARTNER',
        sessionVersion: 7,
        id: buyer.id,
        userId: buyer.id,
        emailVerifiedAt: null,
        companyName: 'Hijack',
      },
    });
    expect(res.status).toBe(200);
    const after = await userRow(pending.id);
    expect(after).toMatchObject({
      firstName: 'Pat',
      role: 'supplier',
      approved: false,
      sessionVersion: before.sessionVersion,
      companyName: before.companyName,
    });
    expect(after.emailVerifiedAt).not.toBeNull();
    expect((await userRow(buyer.id)).firstName).toBe('Dana');
  });

  it('an email change waits for the new address to be confirmed; sign-in keeps the old one until then', async () => {
    const u = await t.createUser({ role: 'supplier' });
    const newEmail = `new-${Date.now()}@example.test`;
    const res = await t.request('PUT', '/api/settings/account', {
      token: u.token,
      body: { email: newEmail.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: u.email, pendingEmail: newEmail });
    expect(res.body.data.message).toContain(newEmail);
    // the old address is told, the new one gets the link
    expect(t.mails.find((m) => m.to === u.email && /about to change/.test(m.subject))).toBeTruthy();
    const mail = t.mails.find((m) => m.to === newEmail);
    const link = linkIn(mail, '/verify-email');
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: newEmail, password: TEST_PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } })).status,
    ).toBe(200);

    const ok = await t.request(
      'GET',
      `/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token')!)}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.message).toMatch(/new email address is confirmed/);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: newEmail, password: TEST_PASSWORD } })).status,
    ).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } })).status,
    ).toBe(401);
    const acct = await t.request('GET', '/api/settings/account', { token: u.token });
    expect(acct.body.data).toMatchObject({ email: newEmail, pendingEmail: null });
    // the link works once
    expect(
      (await t.request('GET', `/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token')!)}`))
        .status,
    ).toBe(400);
  });

  it('refuses an email another account uses (409 EMAIL_TAKEN) and drops a pending change when set back', async () => {
    const taken = await t.request('PUT', '/api/settings/account', {
      token: supplier.token,
      body: { email: buyer.email, password: TEST_PASSWORD },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('EMAIL_TAKEN');
    await t.request('PUT', '/api/settings/account', {
      token: supplier.token,
      body: { email: 'elsewhere@example.test', password: TEST_PASSWORD },
    });
    const back = await t.request('PUT', '/api/settings/account', {
      token: supplier.token,
      body: { email: supplier.email },
    });
    expect(back.body.data.pendingEmail).toBeNull();
    const link = linkIn(
      t.mails.findLast((m) => m.to === 'elsewhere@example.test'),
      '/verify-email',
    );
    expect(
      (await t.request('GET', `/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token')!)}`))
        .status,
    ).toBe(400);
  });
});

describe('an email change needs the password (and second factor); the old address can cancel it', () => {
  it('refuses an email change without the current password, or with a wrong one, and changes nothing', async () => {
    const u = await t.createUser({ role: 'buyer' });
    const target = `takeover-${Date.now()}@example.test`;
    const none = await t.request('PUT', '/api/settings/account', { token: u.token, body: { email: target } });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('VALIDATION_FAILED');
    expect(none.body.error.details.map((d: { path: string }) => d.path)).toContain('password');
    const wrong = await t.request('PUT', '/api/settings/account', {
      token: u.token,
      body: { email: target, password: 'Not-my-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect((await userRow(u.id)).pendingEmail).toBeNull();
    expect(t.mails.some((m) => m.to === target)).toBe(false);
    // Names and phone still save without the password.
    expect(
      (await t.request('PUT', '/api/settings/account', { token: u.token, body: { firstName: 'Robin' } })).status,
    ).toBe(200);
  });

  it('asks for the second factor too when two-factor sign-in is on', async () => {
    const u = await t.createUser({ role: 'buyer' });
    const start = await t.request('PUT', '/api/settings/security', {
      token: u.token,
      body: { action: 'start_2fa', password: TEST_PASSWORD },
    });
    const { secret } = start.body.data;
    await t.request('PUT', '/api/settings/security', {
      token: u.token,
      body: { action: 'confirm_2fa', code: await generate({ secret }) },
    });
    const target = `second-factor-${Date.now()}@example.test`;
    const noCode = await t.request('PUT', '/api/settings/account', {
      token: u.token,
      body: { email: target, password: TEST_PASSWORD },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.details.map((d: { path: string }) => d.path)).toContain('code');
    const badCode = await t.request('PUT', '/api/settings/account', {
      token: u.token,
      body: { email: target, password: TEST_PASSWORD, code: '000000' },
    });
    expect(badCode.status).toBe(400);
    expect((await userRow(u.id)).pendingEmail).toBeNull();
  });

  it('mails the old address a cancel link that drops the change and signs every session out', async () => {
    const u = await t.createUser({ role: 'supplier' });
    const target = `cancel-${Date.now()}@example.test`;
    const res = await t.request('PUT', '/api/settings/account', {
      token: u.token,
      body: { email: target, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const confirmLink = linkIn(
      t.mails.findLast((m) => m.to === target),
      '/verify-email',
    );
    const cancelLink = linkIn(
      t.mails.findLast((m) => m.to === u.email && /about to change/.test(m.subject)),
      '/verify-email',
    );
    expect(cancelLink.searchParams.get('action')).toBe('cancel-email-change');
    const cancel = await t.request(
      'GET',
      `/api/auth/verify-email?token=${encodeURIComponent(cancelLink.searchParams.get('token')!)}`,
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.message).toMatch(/cancelled/);
    expect((await userRow(u.id)).pendingEmail).toBeNull();
    // The confirm link no longer works, and the session that asked for the change is over.
    expect(
      (
        await t.request(
          'GET',
          `/api/auth/verify-email?token=${encodeURIComponent(confirmLink.searchParams.get('token')!)}`,
        )
      ).status,
    ).toBe(400);
    expect((await t.request('GET', '/api/settings/account', { token: u.token })).status).toBe(401);
    expect((await userRow(u.id)).email).toBe(u.email);
  });
});

describe('docs/product.md §2 Settings > Privacy: GET/PUT /api/settings/privacy and the export', () => {
  it('answers and changes profile visibility; refuses unknown values (400); ignores other fields', async () => {
    expect((await t.request('GET', '/api/settings/privacy', { token: supplier.token })).body.data).toEqual({
      profileVisibility: 'public',
      contactVisibility: 'counterparties',
    });
    const put = await t.request('PUT', '/api/settings/privacy', {
      token: supplier.token,
      body: { profileVisibility: 'private', approved: true, role: 'admin' },
    });
    expect(put.body.data).toEqual({ profileVisibility: 'private', contactVisibility: 'counterparties' });
    expect(await userRow(supplier.id)).toMatchObject({ role: 'supplier' });
    expect(
      (
        await t.request('PUT', '/api/settings/privacy', {
          token: supplier.token,
          body: { profileVisibility: 'friends' },
        })
      ).status,
    ).toBe(400);
    expect((await t.request('GET', '/api/settings/privacy')).status).toBe(401);
    await t.request('PUT', '/api/settings/privacy', { token: supplier.token, body: { profileVisibility: 'public' } });
  });

  it('exports all the caller’s data as JSON, without password hash or secrets', async () => {
    await t.request('POST', '/api/settings/projects', { token: buyer.token, body: { name: 'Export me' } });
    const res = await t.request('GET', '/api/settings/privacy/export', { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="brickyard-export-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const body = res.body;
    expect(body.format).toBe('brickyard-export-v1');
    expect(body.account).toMatchObject({ id: buyer.id, email: buyer.email, firstName: 'Dana' });
    expect(body.projects.map((p: { name: string }) => p.name)).toContain('Export me');
    for (const k of ['contracts', 'reviewsGiven', 'reviewsReceived', 'tenders', 'notifications', 'files'])
      expect(Array.isArray(body[k])).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2|secretEnc|codeHash|tokenHash/);
    expect((await t.request('GET', '/api/settings/privacy/export')).status).toBe(401);
    expect((await t.request('GET', '/api/settings/privacy/export?format=pdf', { token: buyer.token })).status).toBe(
      400,
    );
  });

  it('exports a ZIP with data.json and the caller’s uploaded files', async () => {
    const pres = await t.request('POST', '/api/upload/presigned-upload-url', {
      token: buyer.token,
      body: { fileName: 'plan.pdf', uploadType: 'profile-document' },
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await fetch(t.url + pres.body.data.uploadURL, { method: 'PUT', body: new Uint8Array(pdf) });
    const res = await fetch(`${t.url}/api/settings/privacy/export?format=zip`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(zip);
    expect(names).toContain('data.json');
    const file = names.find((n) => n.startsWith('files/profile-document/') && n.endsWith('plan.pdf'));
    expect(file).toBeTruthy();
    expect(Buffer.from(zip[file!]!).equals(pdf)).toBe(true);
    const data = JSON.parse(strFromU8(zip['data.json']!));
    expect(data.account.id).toBe(buyer.id);
  });
});

describe('docs/product.md §2 Settings > Security: two-factor sign-in and sign out everywhere', () => {
  it('sets up TOTP, asks for it at login, accepts a recovery code once, and turns it off', async () => {
    const u = await t.createUser({ role: 'buyer' });
    const state0 = await t.request('GET', '/api/settings/security', { token: u.token });
    expect(state0.body.data).toMatchObject({ twoFactorEnabled: false, recoveryCodesRemaining: 0 });

    expect(
      (
        await t.request('PUT', '/api/settings/security', {
          token: u.token,
          body: { action: 'start_2fa', password: 'wrong-password-1' },
        })
      ).status,
    ).toBe(400);
    const start = await t.request('PUT', '/api/settings/security', {
      token: u.token,
      body: { action: 'start_2fa', password: TEST_PASSWORD },
    });
    expect(start.status).toBe(200);
    const { secret, otpauthUrl } = start.body.data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Brickyard:.+\?.*secret=/);
    expect(start.body.data.twoFactorSetupPending).toBe(true);
    // stored encrypted, not as the plain secret
    const [row] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, u.id));
    expect(row!.secretEnc).not.toContain(secret);

    expect(
      (
        await t.request('PUT', '/api/settings/security', {
          token: u.token,
          body: { action: 'confirm_2fa', code: '000000' },
        })
      ).status,
    ).toBe(400);
    const confirm = await t.request('PUT', '/api/settings/security', {
      token: u.token,
      body: { action: 'confirm_2fa', code: await generate({ secret }) },
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    const codes: string[] = confirm.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(confirm.body.data).toMatchObject({ twoFactorEnabled: true, recoveryCodesRemaining: 10 });
    const hashes = await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, u.id));
    expect(hashes.map((h) => h.codeHash).join()).not.toContain(codes[0]);

    // login now answers TWO_FACTOR_REQUIRED with a challenge
    const login = await t.request('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(401);
    expect(login.body.error.code).toBe('TWO_FACTOR_REQUIRED');
    const challenge = login.body.error.details.find((d: { path: string }) => d.path === 'challenge').message;
    expect(login.body.data).toBeUndefined();
    const wrong = await t.request('POST', '/api/auth/login/2fa', { body: { challenge, code: '123456' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    // the code used to confirm cannot be replayed; the next one works
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await t.request('POST', '/api/auth/login/2fa', { body: { challenge, code: next } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ id: u.id, role: 'buyer' });
    // the challenge is single use
    expect(
      (await t.request('POST', '/api/auth/login/2fa', { body: { challenge, recoveryCode: codes[0] } })).status,
    ).toBe(400);
    expect(
      (await t.request('POST', '/api/auth/login/2fa', { body: { challenge: 'x'.repeat(20), code: next } })).status,
    ).toBe(400);
    expect(
      (await t.request('POST', '/api/auth/login/2fa', { body: { challenge, code: next, recoveryCode: codes[0] } }))
        .status,
    ).toBe(400);

    // a recovery code works once
    const c2 = (await t.request('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } })).body
      .error.details[0].message;
    expect(
      (
        await t.request('POST', '/api/auth/login/2fa', {
          body: { challenge: c2, recoveryCode: codes[0]!.toUpperCase() },
        })
      ).status,
    ).toBe(200);
    const c3 = (await t.request('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } })).body
      .error.details[0].message;
    expect(
      (await t.request('POST', '/api/auth/login/2fa', { body: { challenge: c3, recoveryCode: codes[0] } })).status,
    ).toBe(401);
    expect(
      (await t.request('GET', '/api/settings/security', { token: u.token })).body.data.recoveryCodesRemaining,
    ).toBe(9);

    // wrong password first: no challenge is issued
    const badPw = await t.request('POST', '/api/auth/login', { body: { email: u.email, password: 'nope-nope-1' } });
    expect(badPw.body.error.code).toBe('INVALID_CREDENTIALS');

    // turning it off needs the password and a code
    expect(
      (
        await t.request('PUT', '/api/settings/security', {
          token: u.token,
          body: { action: 'disable_2fa', password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(400);
    const off = await t.request('PUT', '/api/settings/security', {
      token: u.token,
      body: { action: 'disable_2fa', password: TEST_PASSWORD, recoveryCode: codes[1] },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ twoFactorEnabled: false, recoveryCodesRemaining: 0 });
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });

  it('refuses illegal 2FA steps: confirm before start, start twice when on (409), unknown action (400), anonymous (401)', async () => {
    const u = await t.createUser({ role: 'supplier' });
    expect(
      (
        await t.request('PUT', '/api/settings/security', {
          token: u.token,
          body: { action: 'confirm_2fa', code: '123456' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await t.request('PUT', '/api/settings/security', {
          token: u.token,
          body: { action: 'disable_2fa', password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(409);
    expect(
      (await t.request('PUT', '/api/settings/security', { token: u.token, body: { action: 'make_admin' } })).status,
    ).toBe(400);
    expect((await t.request('PUT', '/api/settings/security', { body: { action: 'sign_out_others' } })).status).toBe(
      401,
    );
    const { secret } = (
      await t.request('PUT', '/api/settings/security', {
        token: u.token,
        body: { action: 'start_2fa', password: TEST_PASSWORD },
      })
    ).body.data;
    await t.request('PUT', '/api/settings/security', {
      token: u.token,
      body: { action: 'confirm_2fa', code: await generate({ secret }) },
    });
    expect(
      (
        await t.request('PUT', '/api/settings/security', {
          token: u.token,
          body: { action: 'start_2fa', password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(409);
  });

  it('sign out of every other session: old tokens stop working, this device gets a fresh session', async () => {
    const u = await t.createUser({ role: 'supplier' });
    const other = await t.login(u.email);
    const res = await t.request('PUT', '/api/settings/security', {
      token: u.token,
      body: { action: 'sign_out_others', sessionVersion: 0 },
    });
    expect(res.status).toBe(200);
    const fresh = res.body.data.session;
    expect(fresh).toMatchObject({ id: u.id, role: 'supplier' });
    expect(decodeJwtPayload(fresh.token).sv).toBe(1);
    expect((await t.request('GET', '/api/settings/account', { token: other.token })).status).toBe(401);
    expect((await t.request('GET', '/api/settings/account', { token: u.token })).status).toBe(401);
    expect((await t.request('GET', '/api/settings/account', { token: fresh.token })).status).toBe(200);
  });
});

describe('docs/product.md §2 Settings > Accounts: DELETE /api/settings/account', () => {
  it('needs the typed confirmation and the password (400), refuses anonymous (401) and admins (403)', async () => {
    expect(
      (
        await t.request('DELETE', '/api/settings/account', {
          token: supplier.token,
          body: { confirm: 'delete', password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request('DELETE', '/api/settings/account', {
          token: supplier.token,
          body: { confirm: 'DELETE', password: 'wrong-pass-1' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.request('DELETE', '/api/settings/account', { body: { confirm: 'DELETE', password: TEST_PASSWORD } }))
        .status,
    ).toBe(401);
    expect(
      (
        await t.request('DELETE', '/api/settings/account', {
          token: admin.token,
          body: { confirm: 'DELETE', password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/settings/account', { token: supplier.token })).status).toBe(200);
  });

  it('erases personal data, ends sessions, and login fails afterwards', async () => {
    const u = await t.createUser({ role: 'supplier', companyName: 'Vanishing Ltd' });
    await t.request('PUT', '/api/settings/account', { token: u.token, body: { phone: '07700 900000' } });
    await t.request('PUT', '/api/settings/profile', {
      token: u.token,
      body: { companyDescription: 'About us', region: 'london' },
    });
    await t.request('POST', '/api/portfolio', { token: u.token, body: { title: 'Job' } });
    const res = await t.request('DELETE', '/api/settings/account', {
      token: u.token,
      body: { confirm: 'DELETE', password: TEST_PASSWORD },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await userRow(u.id);
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'user',
      companyName: 'Deleted company',
      email: `deleted-${u.id}@invalid`,
      phone: null,
      pendingEmail: null,
    });
    expect(row.deletedAt).not.toBeNull();
    expect((await t.request('GET', '/api/settings/account', { token: u.token })).status).toBe(401);
    const login = await t.request('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(401);
    expect(login.body.error.code).toBe('INVALID_CREDENTIALS');
    expect((await t.request('GET', `/api/users/profile/${u.id}`, { token: buyer.token })).status).toBe(404);
    // the address is free again
    const again = await t.request('POST', '/api/auth/register', {
      body: {
        firstName: 'New',
        lastName: 'Person',
        companyName: 'New Co',
        email: u.email,
        password: 'Sturdy-pass-42',
        userRole: 'buyer',
        acceptTerms: true,
      },
    });
    expect(again.status).toBe(201);
  });

  it('asks for a second factor when two-factor sign-in is on', async () => {
    const u = await t.createUser({ role: 'buyer' });
    const { secret } = (
      await t.request('PUT', '/api/settings/security', {
        token: u.token,
        body: { action: 'start_2fa', password: TEST_PASSWORD },
      })
    ).body.data;
    const codes = (
      await t.request('PUT', '/api/settings/security', {
        token: u.token,
        body: { action: 'confirm_2fa', code: await generate({ secret }) },
      })
    ).body.data.recoveryCodes;
    const without = await t.request('DELETE', '/api/settings/account', {
      token: u.token,
      body: { confirm: 'DELETE', password: TEST_PASSWORD },
    });
    expect(without.status).toBe(400);
    expect(without.body.error.details[0].path).toBe('code');
    const ok = await t.request('DELETE', '/api/settings/account', {
      token: u.token,
      body: { confirm: 'DELETE', password: TEST_PASSWORD, code: codes[0] },
    });
    expect(ok.status).toBe(200);
    expect((await t.db.select().from(twoFactor).where(eq(twoFactor.userId, u.id))).length).toBe(0);
  });
});
