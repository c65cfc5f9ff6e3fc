import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApp } from '../harness.ts';
import { createSmtpTestApp } from '../smtp-app.ts';
import { createTestSmtp, type TestSmtp } from '../smtp.ts';

/**
 * Mail is a job written with the change that causes it: with the SMTP server down, sign-up and
 * password reset answer at once, and the mail goes out when the server is back — from the same
 * instance, or from another one started after the first stopped.
 */
let smtp: TestSmtp;
const apps: TestApp[] = [];

async function appOnSmtp(databaseUrl?: string) {
  const app = await createSmtpTestApp(smtp, {}, { databaseUrl });
  apps.push(app);
  return app;
}

const newUser = () => ({
  firstName: 'Robin',
  lastName: 'Hale',
  companyName: 'Hale Roofing',
  email: `robin-${Math.random().toString(36).slice(2)}@example.test`,
  password: 'Sturdy-pass-42',
  userRole: 'supplier',
  acceptTerms: true,
});

const queuedMails = async (t: TestApp) =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'retry')`,
    )
  ).rows[0]!.n;

const textOf = (m: { text?: string }) => m.text ?? '';

beforeAll(async () => {
  smtp = await createTestSmtp();
});
afterAll(async () => {
  for (const a of apps) await a.close().catch(() => undefined);
  await smtp.stop();
});

describe('durable mail: an SMTP outage delays mail, never the request', () => {
  it('registration and password reset succeed while SMTP is down, and both mails arrive once it is back', async () => {
    const t = await appOnSmtp();
    const existing = await t.createUser({ role: 'supplier' });
    await smtp.stop();

    const body = newUser();
    const started = Date.now();
    const reg = await t.request('POST', '/api/auth/register', { body });
    expect(reg.status).toBe(201);
    const forgot = await t.request('POST', '/api/auth/forgot-password', { body: { email: existing.email } });
    expect(forgot.status).toBe(200);
    // Both answered without waiting for a mail server that refuses connections.
    expect(Date.now() - started).toBeLessThan(5000);

    // The account exists (a retried sign-up is not refused), nothing went out, both mails wait as jobs.
    const again = await t.request('POST', '/api/auth/register', { body });
    expect(again.status).toBe(201);
    expect(smtp.received).toHaveLength(0);
    expect(await queuedMails(t)).toBeGreaterThanOrEqual(3); // verification, reset, "you already have an account"

    await smtp.start();
    const verify = await smtp.waitFor(
      (m) => JSON.stringify(m.to ?? '').includes(body.email) && /Confirm your email/.test(m.subject ?? ''),
    );
    const reset = await smtp.waitFor(
      (m) => JSON.stringify(m.to ?? '').includes(existing.email) && textOf(m).includes('/reset-password-validation'),
    );

    // The links work: the verification mail confirms the account, which can then sign in.
    const token = new URL(textOf(verify).match(/https?:\/\/\S+verify-email\S+/)![0]).searchParams.get('token')!;
    expect((await t.request('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: body.email, password: body.password } })).status,
    ).toBe(200);
    const resetUrl = new URL(textOf(reset).match(/https?:\/\/\S+reset-password-validation\S+/)![0]);
    const changed = await t.request('POST', '/api/auth/forgot-password-validation', {
      body: {
        token: resetUrl.searchParams.get('token'),
        userId: resetUrl.searchParams.get('userId'),
        newPassword: 'Another-pass-43',
      },
    });
    expect(changed.status).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: existing.email, password: TEST_PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: existing.email, password: 'Another-pass-43' } }))
        .status,
    ).toBe(200);
  });

  it('a mail job survives a restart: written by one instance while SMTP is down, sent by the next one with its job id as Message-ID', async () => {
    const first = await appOnSmtp();
    await smtp.stop();
    const body = newUser();
    expect((await first.request('POST', '/api/auth/register', { body })).status).toBe(201);
    expect(await queuedMails(first)).toBeGreaterThanOrEqual(1);
    const [job] = (
      await first.db.execute<{ id: string }>(
        sql`select id from pgboss.job where name = 'mail' and data->>'to' = ${body.email}`,
      )
    ).rows;
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    await smtp.start();
    // Nothing is running that could send it until a new instance starts on the same database.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.some((m) => JSON.stringify(m.to ?? '').includes(body.email))).toBe(false);

    const second = await appOnSmtp(first.databaseUrl);
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to ?? '').includes(body.email));
    expect(mail.subject).toMatch(/Confirm your email/);
    // the same Message-ID as the failed first attempt carried: a receiver can drop a second copy
    expect(mail.messageId).toBe(`<${job!.id}@brickyard.test>`);
    expect(await queuedMails(second)).toBe(0);
  });
});
