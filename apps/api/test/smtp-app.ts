import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { createTestApp, type TestApp } from './harness.ts';
import type { TestSmtp } from './smtp.ts';

/** The sender the SMTP test apps use (the Message-ID domain follows it). */
export const TEST_MAIL_FROM = 'Brickyard <no-reply@brickyard.test>';

/** Workers on, quick polls and a 1 s first retry delay: an outage of a few seconds heals within a test. */
export const FAST_JOBS: Config['jobs'] = {
  workers: true,
  pollSeconds: 0.5,
  mailRetryLimit: 20,
  mailRetryDelaySeconds: 1,
};

/**
 * A test app whose mail goes over real SMTP to `smtp` (the shared setup of the jobs tests).
 * `databaseUrl`: another instance on the same database.
 */
export async function createSmtpTestApp(
  smtp: TestSmtp,
  overrides: Partial<Config> = {},
  deps: { databaseUrl?: string } = {},
): Promise<TestApp> {
  // Only written to without SMTP; the mailer needs a folder either way.
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const mailer = createMailer({ from: TEST_MAIL_FROM, smtpUrl: smtp.url, outboxDir, log: () => undefined });
  const app = await createTestApp({ jobs: FAST_JOBS, ...overrides }, { mailer, databaseUrl: deps.databaseUrl });
  return {
    ...app,
    async close() {
      await app.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/** Mail jobs to `to` in any state, the archive included. */
export async function mailJobsTo(db: Db, to: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select (select count(*) from pgboss.job where name = 'mail' and data->>'to' = ${to})
             + (select count(*) from pgboss.archive where name = 'mail' and data->>'to' = ${to}) as n`,
  );
  return Number(rows[0]!.n);
}
