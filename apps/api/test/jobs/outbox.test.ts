import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  bidAssistRequests,
  contactMessages,
  externalTenders,
  notificationEmails,
  notifications,
  externalTenderSavedSearches as savedSearches,
  users,
} from '../../src/db/schema/index.ts';
import { alertNewTenders, sendClosingReminders } from '../../src/modules/external-tenders/external-tenders.service.ts';
import { importDocument } from '../../src/modules/external-tenders/feed-importer.ts';
import { SNAPSHOT_FILE } from '../../src/modules/external-tenders/feed-jobs.ts';
import { flushEmailDigests } from '../../src/modules/notifications/notifications.digest.ts';
import { notify } from '../../src/modules/notifications/notifications.service.ts';
import { createJobs } from '../../src/platform/jobs/jobs.ts';
import { createMailer } from '../../src/platform/mail/mailer.ts';
import { createQueuedMailer, messageIdDomain, type QueuedMailer } from '../../src/platform/mail/queued-mailer.ts';
import { apiRoot } from '../../src/platform/paths.ts';
import { TEST_PASSWORD, type TestApp, type TestUser } from '../harness.ts';
import { bundledProgram } from '../server-process.ts';
import { createSmtpTestApp, mailJobsTo, TEST_MAIL_FROM } from '../smtp-app.ts';
import { createTestSmtp, type TestSmtp } from '../smtp.ts';

/**
 * Every mail is a job written in the transaction of the change that causes it (the outbox,
 * docs/decisions/0002-durable-jobs.md). For each kind of mail: when the change commits the mail
 * arrives over real SMTP; when the transaction fails after the mail's job was written (a deferred
 * trigger makes the commit itself fail for one recipient), the change is gone, and so are the job
 * and the mail.
 */
let smtp: TestSmtp;
let t: TestApp;
let admin: TestUser;
let outbox: QueuedMailer;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-outbox-test-'));
const silent = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  smtp = await createTestSmtp();
  const base = loadConfig({ NODE_ENV: 'test' });
  t = await createSmtpTestApp(smtp, {
    // the digest is run by the test (no scheduled run racing it), mailing at once
    messaging: { ...base.messaging, digestEnabled: false, digestDelaySeconds: 0, digestWindowSeconds: 900 },
  });
  admin = await t.createUser({ role: 'admin' });
  // The job functions the feed and digest run, given an outbox of their own as the CLI builds one;
  // the app's workers would retry what it queues.
  const jobs = createJobs({ db: t.db, log: silent, pollSeconds: 1, workers: false });
  outbox = createQueuedMailer(
    jobs,
    createMailer({ from: TEST_MAIL_FROM, smtpUrl: smtp.url, outboxDir: tmp, log: () => undefined }),
    { retryLimit: 20, retryDelaySeconds: 1, log: () => undefined, messageIdDomain: messageIdDomain(TEST_MAIL_FROM) },
  );
  // A commit that fails after the mail's job was written: a deferred constraint trigger on the job
  // table, armed per recipient, raises at COMMIT — after every statement of the change ran.
  await t.db.execute(sql`create table test_failing_mail (recipient text primary key)`);
  await t.db.execute(
    sql.raw(`create function test_fail_mail_commit() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from test_failing_mail where recipient = new.data->>'to') then
          raise exception 'test: the commit fails after the mail job was written';
        end if;
        return null;
      end $$`),
  );
  await t.db.execute(
    sql`create constraint trigger test_fail_mail_commit after insert on pgboss.job
          deferrable initially deferred for each row execute function test_fail_mail_commit()`,
  );
});
afterAll(async () => {
  outbox?.close();
  await t?.close();
  await smtp.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const arm = (to: string) => t.db.execute(sql`insert into test_failing_mail values (${to})`);
const disarm = (to: string) => t.db.execute(sql`delete from test_failing_mail where recipient = ${to}`);
const isTo = (m: ParsedMail, to: string) => JSON.stringify(m.to ?? '').includes(to);
const mailsTo = (to: string, subject: RegExp) =>
  smtp.received.filter((m) => isTo(m, to) && subject.test(m.subject ?? ''));
const arrives = (to: string, subject: RegExp) => smtp.waitFor((m) => isTo(m, to) && subject.test(m.subject ?? ''));

/** The change's transaction failed at its commit: no mail job to `to`, and no mail after a while. */
async function noJobNoMail(to: string, subject: RegExp) {
  expect(await mailJobsTo(t.db, to)).toBe(0);
  await new Promise((r) => setTimeout(r, 1500));
  expect(mailsTo(to, subject)).toHaveLength(0);
}

const notificationsOf = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).length;

describe('the outbox: every mail commits with its change, or not at all', () => {
  it('admin approval: a failed commit leaves the account pending with no job and no mail; a commit mails the user (stable Message-ID)', async () => {
    const u = await t.createUser({ role: 'supplier', approved: false, plan: null });
    const subject = /account is approved/;
    await arm(u.email);
    const failed = await t.request('POST', '/api/auth/approve-user', { token: admin.token, body: { userId: u.id } });
    expect(failed.status).toBe(500);
    const [row] = await t.db.select({ approved: users.approved }).from(users).where(eq(users.id, u.id));
    expect(row!.approved).toBe(false);
    expect(await notificationsOf(u.id)).toBe(0);
    await noJobNoMail(u.email, subject);

    await disarm(u.email);
    const ok = await t.request('POST', '/api/auth/approve-user', { token: admin.token, body: { userId: u.id } });
    expect(ok.status).toBe(200);
    const mail = await arrives(u.email, subject);
    // the job's id, the same on every attempt, so a receiver can drop a second copy
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@brickyard\.test>$/);
    expect(mailsTo(u.email, subject)).toHaveLength(1);
  });

  it('contact us: a failed commit stores no message and mails nobody; a commit mails support, attachment included', async () => {
    const s = await t.createUser({ role: 'supplier' });
    const support = t.config.supportEmail;
    const form = (title: string) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries({ userEmail: s.email, userName: 'Sam', userTitle: title, userMessage: 'Hi' }))
        fd.append(k, v);
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      fd.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'spec.pdf');
      return fd;
    };
    await arm(support);
    const failed = await t.request('POST', '/api/auth/contact-us', { token: s.token, raw: form('Outbox one') });
    expect(failed.status).toBe(500);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.userId, s.id))).toHaveLength(0);
    await noJobNoMail(support, /\[Contact us\] Outbox one/);

    await disarm(support);
    const ok = await t.request('POST', '/api/auth/contact-us', { token: s.token, raw: form('Outbox two') });
    expect(ok.status).toBe(201);
    const mail = await arrives(support, /\[Contact us\] Outbox two/);
    expect(mail.attachments.map((a) => a.filename)).toEqual(['spec.pdf']);
  });

  it('bid assist: a failed commit takes no request and no quota and mails nobody; a commit mails support', async () => {
    const buyer = await t.createUser({ role: 'buyer' });
    const supplier = await t.createUser({ role: 'supplier' });
    const tender = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: {
        title: 'Outbox steel frame for a small warehouse',
        description: 'Supply and erect the structural steel frame for a single-storey warehouse in Bolton.',
        category: 'structural-steel',
        region: 'north-west',
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    expect(tender.status, JSON.stringify(tender.body)).toBe(201);
    const support = t.config.supportEmail;
    const body = {
      tenderId: tender.body.data.id,
      message: 'Please help us with this frame.',
      deadline: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    };
    await arm(support);
    expect((await t.request('POST', '/api/bid-assist', { token: supplier.token, body })).status).toBe(500);
    expect(
      await t.db.select().from(bidAssistRequests).where(eq(bidAssistRequests.supplierId, supplier.id)),
    ).toHaveLength(0);
    await noJobNoMail(support, /\[Bid Assist\] Outbox steel frame/);

    await disarm(support);
    const ok = await t.request('POST', '/api/bid-assist', { token: supplier.token, body });
    expect(ok.status).toBe(201);
    await arrives(support, /\[Bid Assist\] Outbox steel frame/);
  });

  it('two-factor on and off: a failed commit leaves the setting as it was with no mail; each commit mails the user', async () => {
    const u = await t.createUser({ role: 'supplier' });
    const security = (body: object) => t.request('PUT', '/api/settings/security', { token: u.token, body });
    const state = async () => (await t.request('GET', '/api/settings/security', { token: u.token })).body.data;
    const start = await security({ action: 'start_2fa', password: TEST_PASSWORD });
    const code = await generate({ secret: start.body.data.secret });

    await arm(u.email);
    expect((await security({ action: 'confirm_2fa', code })).status).toBe(500);
    expect((await state()).twoFactorEnabled).toBe(false);
    await noJobNoMail(u.email, /Two-factor sign-in is on/);
    await disarm(u.email);
    // the code's time step was claimed in the transaction that rolled back: it still works
    const on = await security({ action: 'confirm_2fa', code });
    expect(on.status).toBe(200);
    await arrives(u.email, /Two-factor sign-in is on/);
    const codes: string[] = on.body.data.recoveryCodes;

    await arm(u.email);
    const off = (recoveryCode: string) => security({ action: 'disable_2fa', password: TEST_PASSWORD, recoveryCode });
    expect((await off(codes[0]!)).status).toBe(500);
    expect((await state()).twoFactorEnabled).toBe(true);
    await noJobNoMail(u.email, /Two-factor sign-in is off/);
    await disarm(u.email);
    expect((await off(codes[1]!)).status).toBe(200);
    await arrives(u.email, /Two-factor sign-in is off/);
  });

  it('account deletion: a failed commit keeps the account and mails nothing; a commit mails the goodbye', async () => {
    const u = await t.createUser({ role: 'buyer' });
    const subject = /account has been deleted/;
    const remove = () =>
      t.request('DELETE', '/api/settings/account', {
        token: u.token,
        body: { confirm: 'DELETE', password: TEST_PASSWORD },
      });
    await arm(u.email);
    expect((await remove()).status).toBe(500);
    const [row] = await t.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, u.id));
    expect(row!.deletedAt).toBeNull();
    await noJobNoMail(u.email, subject);

    await disarm(u.email);
    expect((await remove()).status).toBe(200);
    await arrives(u.email, subject);
  });

  it('the notification digest: a failed commit keeps the queue and writes no job; the next run mails once', async () => {
    const u = await t.createUser({ role: 'supplier' });
    await notify(t.db, { userId: u.id, kind: 'new_message', title: 'Outbox digest', body: 'Hello', link: '/x' });
    const queued = async () =>
      (await t.db.select().from(notificationEmails).where(eq(notificationEmails.userId, u.id))).length;
    const flush = () => flushEmailDigests({ db: t.db, mailer: outbox, config: t.config, log: silent });

    await arm(u.email);
    await expect(flush()).rejects.toThrow();
    expect(await queued()).toBe(1);
    await noJobNoMail(u.email, /./);

    await disarm(u.email);
    expect((await flush()).mails).toBeGreaterThanOrEqual(1);
    expect(await queued()).toBe(0);
    const mail = await smtp.waitFor((m) => isTo(m, u.email));
    expect(mail.text).toContain('Outbox digest');
    await flush();
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.filter((m) => isTo(m, u.email))).toHaveLength(1);
  });
});

describe('the outbox: live-feed alerts and reminders, from the scheduled import and the feed:import CLI', () => {
  const snapshot = JSON.parse(fs.readFileSync(SNAPSHOT_FILE, 'utf8')) as { releases: Record<string, any>[] };
  const release = (n: number) => ({
    ...structuredClone(snapshot.releases[46]!),
    ocid: `ocds-kuma6s-outbox-${n}`,
    id: `ocds-kuma6s-outbox-${n}-release-1`,
  });
  const feedCtx = () => ({ db: t.db, config: t.config, mailer: outbox, log: silent });
  let supplier: TestUser;
  let searchId: string;

  beforeAll(async () => {
    supplier = await t.createUser({ role: 'supplier', plan: 'GROWTH' });
    const saved = await t.request('POST', '/api/external-tenders/saved-searches', {
      token: supplier.token,
      body: { name: 'Outbox pitches', criteria: { q: 'synthetic pitch', cpv: '45' }, emailAlerts: true },
    });
    expect(saved.status).toBe(201);
    searchId = saved.body.data.id;
  });

  it('a saved-search alert: a failed commit raises no notification, leaves the search unalerted and mails nothing; a commit mails once', async () => {
    const { summary } = await importDocument(t.db, { releases: [release(1)] }, 'outbox-1.json');
    expect(summary.newTenderIds).toHaveLength(1);
    const subject = /new tender for “Outbox pitches”/;

    await arm(supplier.email);
    expect(await alertNewTenders(feedCtx(), summary.newTenderIds)).toBe(0);
    expect(await notificationsOf(supplier.id)).toBe(0);
    const [search] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, searchId));
    expect(search!.lastAlertAt).toBeNull();
    await noJobNoMail(supplier.email, subject);

    await disarm(supplier.email);
    expect(await alertNewTenders(feedCtx(), summary.newTenderIds)).toBe(1);
    expect(await notificationsOf(supplier.id)).toBe(1);
    await arrives(supplier.email, subject);
    expect(mailsTo(supplier.email, subject)).toHaveLength(1);
  });

  it('the "closing soon" reminder: a failed commit claims nothing and mails nothing; a commit mails once', async () => {
    const [tender] = await t.db
      .select({ id: externalTenders.id, title: externalTenders.title })
      .from(externalTenders)
      .where(eq(externalTenders.ocid, 'ocds-kuma6s-outbox-1'));
    await t.db
      .update(externalTenders)
      .set({ tenderEndDate: new Date(Date.now() + 3 * 86_400_000) })
      .where(eq(externalTenders.id, tender!.id));
    const fav = await t.request('POST', `/api/external-tenders/favourites/${tender!.id}`, { token: supplier.token });
    expect(fav.status).toBe(200);
    const subject = /^Closing soon: /;
    const closing = async () =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, supplier.id), eq(notifications.kind, 'external_tender_closing')))
      ).length;

    await arm(supplier.email);
    await expect(sendClosingReminders(feedCtx())).rejects.toThrow();
    expect(await closing()).toBe(0);
    await noJobNoMail(supplier.email, subject);

    await disarm(supplier.email);
    expect(await sendClosingReminders(feedCtx())).toBe(1);
    expect(await closing()).toBe(1);
    await arrives(supplier.email, subject);
    expect(await sendClosingReminders(feedCtx())).toBe(0);
  });

  it('feed:import queues its alert mails as jobs: with SMTP down the CLI leaves a mail job, which the app sends once SMTP is back', async () => {
    const file = path.join(tmp, 'outbox-2.json');
    fs.writeFileSync(file, JSON.stringify({ releases: [release(2)] }));
    const subject = /new tender for “Outbox pitches”/;
    const before = mailsTo(supplier.email, subject).length;
    await smtp.stop();
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [...bundledProgram('feed-import'), file], {
        cwd: apiRoot(),
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: t.databaseUrl,
          DATA_DIR: tmp,
          SMTP_URL: smtp.url,
          MAIL_FROM: TEST_MAIL_FROM,
          MAIL_RETRY_DELAY_SECONDS: '1',
          LOG_LEVEL: 'silent',
          INIT_CWD: tmp,
        },
        timeout: 60_000,
      });
      expect(stdout).toContain('saved-search alerts raised: 1');
      // the CLI's own attempt failed (SMTP down): the mail waits as a job
      expect(await mailJobsTo(t.db, supplier.email)).toBe(1);
    } finally {
      await smtp.start();
    }
    await smtp.waitFor(
      (m) =>
        isTo(m, supplier.email) && subject.test(m.subject ?? '') && mailsTo(supplier.email, subject).length > before,
    );
    expect(mailsTo(supplier.email, subject)).toHaveLength(before + 1);
  });
});
