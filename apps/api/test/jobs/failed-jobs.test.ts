import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedJob } from '@brickyard/shared';
import type { TestApp, TestUser } from '../harness.ts';
import { createSmtpTestApp, FAST_JOBS } from '../smtp-app.ts';
import { createTestSmtp, type TestSmtp } from '../smtp.ts';

let smtp: TestSmtp;
let t: TestApp;
let admin: TestUser;
let supplier: TestUser;

beforeAll(async () => {
  smtp = await createTestSmtp();
  // No retries: the first failed delivery by a worker makes the job a failed job.
  t = await createSmtpTestApp(smtp, { jobs: { ...FAST_JOBS, mailRetryLimit: 0 } });
  admin = await t.createUser({ role: 'admin' });
  supplier = await t.createUser({ role: 'supplier' });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

async function failedMailTo(email: string, ms = 20_000): Promise<FailedJob> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await t.request<{ data: FailedJob[] }>('GET', '/api/admin/jobs/failed', { token: admin.token });
    expect(res.status).toBe(200);
    const found = res.body.data.find((j) => j.name === 'mail' && j.about?.includes(email));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no failed mail job to ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('admin: failed background jobs, with a retry', () => {
  it('lists a mail that could not be delivered (name, error, attempts, when) and sends it on Retry once SMTP is back', async () => {
    await smtp.stop();
    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: supplier.email } })).status).toBe(
      200,
    );

    const job = await failedMailTo(supplier.email);
    expect(job.about).toMatch(/^To .+: .+/);
    expect(job.error).toMatch(/ECONNREFUSED|connect/i);
    expect(job.attempts).toBe(1);
    expect(Date.parse(job.failedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Only admins see or retry jobs.
    expect((await t.request('GET', '/api/admin/jobs/failed', { token: supplier.token })).status).toBe(403);
    expect((await t.request('POST', `/api/admin/jobs/${job.id}/retry`, { token: supplier.token })).status).toBe(403);

    await smtp.start();
    const retried = await t.request('POST', `/api/admin/jobs/${job.id}/retry`, { token: admin.token });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual({ id: job.id, retried: true });
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to ?? '').includes(supplier.email));
    expect(mail.text).toContain('/reset-password-validation');

    const after = await t.request<{ data: FailedJob[] }>('GET', '/api/admin/jobs/failed', { token: admin.token });
    expect(after.body.data.map((j) => j.id)).not.toContain(job.id);
    // A job that is no longer failed cannot be retried again.
    const again = await t.request('POST', `/api/admin/jobs/${job.id}/retry`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('NOT_FOUND');
  });
});
