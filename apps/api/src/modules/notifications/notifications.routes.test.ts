import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '@brickyard/shared';
import { loadConfig } from '../../config.ts';
import { createTestApp, memoryMailer, type TestApp } from '../../../test/harness.ts';
import { flushEmailDigests } from './notifications.digest.ts';
import { notify } from './notifications.service.ts';

let t: TestApp;
beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  // Mail as soon as the digest runs (no waiting delay), at most once per 15 minutes.
  t = await createTestApp({ messaging: { ...base.messaging, digestDelaySeconds: 0, digestWindowSeconds: 900 } });
});

const silent = { warn: () => undefined, info: () => undefined };
async function flush() {
  const mailer = memoryMailer();
  const run = await flushEmailDigests({ db: t.db, mailer, config: t.config, log: silent });
  return { ...run, sent: mailer.sent };
}
afterAll(() => t.close());

describe('docs/product.md §7 Notifications', () => {
  it('lists, counts unread as {count}, marks one and all read; never another user’s', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const n1 = await notify(t.db, { userId: a.id, kind: 'test', title: 'One', body: 'first' });
    await notify(t.db, { userId: a.id, kind: 'test', title: 'Two', body: 'second' });
    await notify(t.db, { userId: b.id, kind: 'test', title: 'B', body: 'b' });

    const list = await t.request('GET', '/api/notifications', { token: a.token });
    expect(list.body.data.map((n: { title: string }) => n.title)).toEqual(['Two', 'One']);
    expect(list.body.meta.total).toBe(2);
    expect((await t.request('GET', '/api/notifications/unread-count', { token: a.token })).body).toEqual({ count: 2 });

    expect((await t.request('PUT', `/api/notifications/${n1!.id}/read`, { token: b.token })).status).toBe(404);
    expect((await t.request('PUT', `/api/notifications/${n1!.id}/read`, { token: a.token })).status).toBe(200);
    expect((await t.request('GET', '/api/notifications/unread-count', { token: a.token })).body).toEqual({ count: 1 });
    expect((await t.request('PUT', '/api/notifications/read-all', { token: a.token })).status).toBe(200);
    expect((await t.request('GET', '/api/notifications/unread-count', { token: a.token })).body).toEqual({ count: 0 });
    expect((await t.request('GET', '/api/notifications/unread-count', { token: b.token })).body).toEqual({ count: 1 });
    expect((await t.request('PUT', '/api/notifications/not-a-uuid/read', { token: a.token })).status).toBe(400);
  });
});

describe('docs/product.md §7 Notifications: GET/PUT /api/settings/notifications', () => {
  it('answers every kind with defaults, changes only what is given, and only for the caller', async () => {
    const a = await t.createUser({ role: 'supplier', approved: false, plan: null });
    const b = await t.createUser();
    const initial = await t.request('GET', '/api/settings/notifications', { token: a.token });
    expect(initial.status).toBe(200); // ungated: a pending account manages its settings too
    expect(Object.keys(initial.body.data.kinds).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(initial.body.data.kinds.new_message).toEqual({ inApp: true, email: true });

    const put = await t.request('PUT', '/api/settings/notifications', {
      token: a.token,
      body: { kinds: { new_message: { email: false }, tender_completed: { inApp: false, email: false } } },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.kinds.new_message).toEqual({ inApp: true, email: false });
    expect(put.body.data.kinds.tender_completed).toEqual({ inApp: false, email: false });
    expect(
      (await t.request('GET', '/api/settings/notifications', { token: a.token })).body.data.kinds.new_message.email,
    ).toBe(false);
    expect(
      (await t.request('GET', '/api/settings/notifications', { token: b.token })).body.data.kinds.new_message.email,
    ).toBe(true);

    expect(
      (
        await t.request('PUT', '/api/settings/notifications', {
          token: a.token,
          body: { kinds: { nope: { email: true } } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request('PUT', '/api/settings/notifications', {
          token: a.token,
          body: { kinds: { new_message: { email: 'yes' } } },
        })
      ).status,
    ).toBe(400);
    expect((await t.request('GET', '/api/settings/notifications')).status).toBe(401);

    // In-app off: notify() records nothing for that kind.
    expect(await notify(t.db, { userId: a.id, kind: 'tender_completed', title: 'Done', body: 'x' })).toBeNull();
    expect((await t.request('GET', '/api/notifications/unread-count', { token: a.token })).body).toEqual({ count: 0 });
  });
});

describe('docs/product.md §7 Notifications: emails are batched', () => {
  it('a burst of 50 messages to one user sends one email; at most one mail per window', async () => {
    const buyer = await t.createUser({ role: 'buyer' });
    const supplier = await t.createUser({ role: 'supplier' });
    await flush(); // whatever earlier tests queued
    let conversationId: string | undefined;
    for (let i = 1; i <= 50; i++) {
      const res = await t.request('POST', '/api/sendMessage', {
        token: buyer.token,
        body: conversationId
          ? { conversationId, text: `Message ${i}` }
          : { recipientId: supplier.id, text: `Message ${i}` },
      });
      expect(res.status).toBe(201);
      conversationId = res.body.data.conversationId;
    }
    const first = await flush();
    const toSupplier = first.sent.filter((m) => m.to === supplier.email);
    expect(toSupplier).toHaveLength(1);
    expect(toSupplier[0]!.subject).toMatch(/^New message from Test Buyer \(.+\) \(50\)$/);
    expect(toSupplier[0]!.text).toContain('Message 50');
    expect(toSupplier[0]!.text).toContain(`http://brickyard.test/supplier/messages?conversation=${conversationId}`);
    expect(toSupplier[0]!.html).not.toContain('<script');
    expect(first.sent.some((m) => m.to === buyer.email)).toBe(false);

    // More messages within the window wait for it to pass: still one mail.
    await t.request('POST', '/api/sendMessage', { token: buyer.token, body: { conversationId, text: 'Message 51' } });
    expect((await flush()).sent.filter((m) => m.to === supplier.email)).toHaveLength(0);
    await t.db.execute(
      sql`update notification_settings set last_emailed_at = now() - interval '1 hour' where user_id = ${supplier.id}`,
    );
    const later = await flush();
    expect(later.sent.filter((m) => m.to === supplier.email)).toHaveLength(1);
    expect(later.sent[0]!.text).toContain('Message 51');
  });

  it('does not mail what was read in the app meanwhile, nor kinds switched off', async () => {
    const buyer = await t.createUser({ role: 'buyer' });
    const supplier = await t.createUser({ role: 'supplier' });
    const quiet = await t.createUser({ role: 'supplier' });
    await t.request('PUT', '/api/settings/notifications', {
      token: quiet.token,
      body: { kinds: { new_message: { email: false } } },
    });
    const sent = await t.request('POST', '/api/sendMessage', {
      token: buyer.token,
      body: { recipientId: supplier.id, text: 'seen live' },
    });
    await t.request('POST', '/api/sendMessage', {
      token: buyer.token,
      body: { recipientId: quiet.id, text: 'no mail please' },
    });
    await t.request('PUT', `/api/${sent.body.data.conversationId}/read`, { token: supplier.token });
    const run = await flush();
    expect(run.sent.filter((m) => m.to === supplier.email || m.to === quiet.email)).toEqual([]);
    // Kinds whose feature mails on its own (e.g. the approval mail) are not mailed twice by the digest.
    await notify(t.db, { userId: quiet.id, kind: 'account_approved', title: 'Approved', body: 'x' });
    expect((await flush()).sent.filter((m) => m.to === quiet.email)).toEqual([]);
  });

  it('runs on one instance at a time (advisory lock)', async () => {
    expect((await flush()).ran).toBe(true);
    const held = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(724311206)`);
      return flush();
    });
    expect(held.ran).toBe(false);
  });
});
