import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_INFO, NOTIFICATION_KINDS } from '@brickyard/shared';
import { loadConfig } from '../../config.ts';
import { createMailer, type Mail } from '../../platform/mail/mailer.ts';
import { createUnsubscribeTokens, unsubscribeUrl } from '../../platform/mail/unsubscribe.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { alertMail } from '../external-tenders/external-tenders.mails.ts';
import { flushEmailDigests } from './notifications.digest.ts';
import { notify } from './notifications.service.ts';

let t: TestApp;
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'unsubscribe-outbox-'));
beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  t = await createTestApp({ messaging: { ...base.messaging, digestDelaySeconds: 0, digestWindowSeconds: 900 } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

const silent = { warn: () => undefined, info: () => undefined };
const settingsOf = async (token: string) =>
  (await t.request('GET', '/api/settings/notifications', { token })).body.data.kinds;
/** What Gmail and Outlook send for a one-click unsubscribe (RFC 8058). */
const oneClick = (link: string) =>
  fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
const local = (link: string) => link.replace(t.config.publicUrl, t.url);

describe('mail: one MJML layout, List-Unsubscribe on digests and alerts, one-click unsubscribe', () => {
  it('the digest carries List-Unsubscribe + List-Unsubscribe-Post; the one-click POST turns its emails off', async () => {
    const user = await t.createUser({ role: 'supplier' });
    await notify(t.db, {
      userId: user.id,
      kind: 'new_message',
      title: 'New message from Dŵr Cymru',
      body: 'Can you quote for Ynys Môn?',
      link: '/supplier/messages',
    });
    const mailer = createMailer({
      from: 'Brickyard <no-reply@brickyard.test>',
      outboxDir: outbox,
      log: () => undefined,
    });
    // the transport straight after the digest's commit (the test checks the mail's bytes, not its job)
    const outboxOf = { queue: async (_tx: unknown, m: Mail) => () => mailer.send(m) };
    await flushEmailDigests({ db: t.db, mailer: outboxOf, config: t.config, log: silent });

    const files = fs.readdirSync(outbox);
    const mails = await Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(outbox, f)))));
    const mail = mails.find((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(user.email)));
    expect(mail, 'the digest was written to the outbox').toBeDefined();
    const line = (key: string) => mail!.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n[ \t]+/g, ' ');
    const link = /^List-Unsubscribe: <([^>]+)>$/.exec(line('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/api/notifications/unsubscribe\\?token=`));
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The one layout: MJML's Outlook conditional tables, the footer links, the text as written.
    expect(mail!.html).toContain('<!--[if mso');
    expect(mail!.html).toContain('Unsubscribe from these emails');
    expect(mail!.html).toContain('New message from Dŵr Cymru');
    expect(mail!.text).toContain(`Stop these emails: ${link}`);

    // GET is the confirmation page and changes nothing (mail scanners follow links).
    const page = await fetch(local(link));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<form method="post"');
    expect((await settingsOf(user.token)).new_message.email).toBe(true);

    const res = await oneClick(local(link));
    expect(res.status).toBe(200);
    expect((await res.json()).data.kinds).toContain('new_message');
    const after = await settingsOf(user.token);
    for (const k of NOTIFICATION_KINDS) {
      // every kind the digest mails is off by email, still on in the app; the feed alerts are untouched
      expect(after[k], k).toEqual({ inApp: true, email: NOTIFICATION_KIND_INFO[k].mailedBy !== 'digest' });
    }
  });

  it('an alert link turns off that kind only, and the confirmation form answers a browser with a page', async () => {
    const user = await t.createUser({ role: 'supplier' });
    const url = unsubscribeUrl(t.config, { userId: user.id, scope: 'external_tender_alert' });
    const mail = await alertMail(
      'Siân',
      'Steel in Wales',
      [{ title: 'Dŵr Cymru — Ynys Môn depot' }],
      'https://brickyard.test/feed',
      { url, settingsUrl: 'https://brickyard.test/s' },
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).toContain('Dŵr Cymru — Ynys Môn depot');

    const res = await fetch(local(url), {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    const after = await settingsOf(user.token);
    expect(after.external_tender_alert).toEqual({ inApp: true, email: false });
    expect(after.external_tender_closing.email).toBe(true);
    expect(after.new_message.email).toBe(true);
  });

  it('a forged, tampered or foreign token answers 404 and changes nothing; no token is 400', async () => {
    const user = await t.createUser({ role: 'supplier' });
    const genuine = new URL(unsubscribeUrl(t.config, { userId: user.id, scope: 'digest' })).searchParams.get('token')!;
    const forged = createUnsubscribeTokens('another-secret-of-at-least-32-characters!').sign({
      userId: user.id,
      scope: 'digest',
    });
    const [head, payload, sig] = genuine.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ sub: user.id, scope: 'new_message', aud: 'mail-unsubscribe' })).toString('base64url')}.${sig}`;
    expect(payload).toBeTruthy();
    for (const token of [forged, tampered, 'not-a-token', `${genuine}x`]) {
      const res = await oneClick(`${t.url}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(res.status, token).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
      expect((await fetch(`${t.url}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(
        404,
      );
    }
    // A session token is signed with another key and audience: not an unsubscribe token.
    expect((await oneClick(`${t.url}/api/notifications/unsubscribe?token=${user.token}`)).status).toBe(404);
    expect((await oneClick(`${t.url}/api/notifications/unsubscribe`)).status).toBe(400);
    expect((await settingsOf(user.token)).new_message.email).toBe(true);
  });
});
