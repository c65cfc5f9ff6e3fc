import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { notify } from '../../src/modules/notifications/notifications.service.ts';
import type { TestApp } from '../harness.ts';
import { createSmtpTestApp } from '../smtp-app.ts';
import { createTestSmtp, type TestSmtp } from '../smtp.ts';

/**
 * The notification digest is a scheduled job in the shared queue: with two instances on one
 * database it runs on one of them at a time, and its mail waits out an SMTP outage as a job.
 */
let smtp: TestSmtp;
const apps: TestApp[] = [];

async function instance(databaseUrl?: string) {
  const base = loadConfig({ NODE_ENV: 'test' });
  const app = await createSmtpTestApp(
    smtp,
    {
      messaging: {
        ...base.messaging,
        digestEnabled: true,
        digestIntervalSeconds: 1,
        digestDelaySeconds: 0,
        digestWindowSeconds: 900,
      },
    },
    { databaseUrl },
  );
  apps.push(app);
  return app;
}

const waitingDigests = async (t: TestApp) =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'notification-digest' and state = 'created'`,
    )
  ).rows[0]!.n;

beforeAll(async () => {
  smtp = await createTestSmtp();
});
afterAll(async () => {
  for (const a of apps) await a.close().catch(() => undefined);
  await smtp.stop();
});

describe('scheduled jobs across instances', () => {
  it('two instances keep one digest job waiting; a notification made while SMTP is down is mailed once when it is back', async () => {
    const a = await instance();
    const b = await instance(a.databaseUrl);
    const user = await a.createUser({ role: 'supplier' });
    await smtp.stop();

    const started = Date.now();
    const made = await notify(a.db, {
      userId: user.id,
      kind: 'new_message',
      title: 'New message from Northgate',
      body: 'About the steel beams',
      link: '/supplier/messages',
    });
    expect(made).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);

    // Several digest periods pass: never more than one digest waiting, whichever instance queued it.
    for (let i = 0; i < 8; i++) {
      expect(await waitingDigests(b)).toBeLessThanOrEqual(1);
      await new Promise((r) => setTimeout(r, 400));
    }
    const digestRuns = (
      await a.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'notification-digest' and state = 'completed'`,
      )
    ).rows[0]!.n;
    expect(digestRuns).toBeGreaterThanOrEqual(1);
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to ?? '').includes(user.email));
    expect(mail.text).toContain('New message from Northgate');
    await new Promise((r) => setTimeout(r, 2500)); // more digest runs: the notification is not mailed again
    expect(smtp.received.filter((m) => JSON.stringify(m.to ?? '').includes(user.email))).toHaveLength(1);
  });
});
