import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { connectSse, type SseClient } from '../../../test/sse.ts';
import { notify } from '../notifications/notifications.service.ts';

let a: TestApp;
let b: TestApp;
let buyer: TestUser;
let supplier: TestUser;
const open: SseClient[] = [];

beforeAll(async () => {
  a = await createTestApp();
  // A second API instance on the same PostgreSQL (same JWT secret, as behind one load balancer).
  b = await createTestApp({ jwtSecret: a.config.jwtSecret }, { databaseUrl: a.databaseUrl });
  buyer = await a.createUser({ role: 'buyer', companyName: 'Realtime Buyer' });
  supplier = await a.createUser({ role: 'supplier', companyName: 'Realtime Supplier' });
});
afterAll(async () => {
  for (const c of open) c.close();
  await b.close();
  await a.close();
});

async function stream(app: TestApp, user: TestUser, via: 'ticket' | 'bearer' = 'ticket') {
  let client: SseClient;
  if (via === 'bearer') client = await connectSse(`${app.url}/api/realtime/stream`, { token: user.token });
  else {
    const ticket = await app.request('POST', '/api/realtime/ticket', { token: user.token });
    expect(ticket.status).toBe(200);
    client = await connectSse(`${app.url}/api/realtime/stream?ticket=${encodeURIComponent(ticket.body.data.ticket)}`);
  }
  open.push(client);
  expect(client.status).toBe(200);
  await client.next((e) => e.event === 'ready');
  return client;
}

describe('Realtime channel: authentication', () => {
  it('accepts a bearer header or a single-use ticket — never a JWT in the URL', async () => {
    const ticket = (await a.request('POST', '/api/realtime/ticket', { token: buyer.token })).body.data.ticket as string;
    const first = await connectSse(`${a.url}/api/realtime/stream?ticket=${ticket}`);
    open.push(first);
    expect(first.status).toBe(200);
    const snapshot = await first.next((e) => e.event === 'unread.changed');
    expect(snapshot.data).toEqual({ messages: 0, notifications: 0 });
    // the stream writes its own head (the reply is hijacked), with the security headers of every answer
    expect(first.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    first.close();
    // Spent: a second use is refused, on either instance.
    expect((await connectSse(`${a.url}/api/realtime/stream?ticket=${ticket}`)).status).toBe(401);
    expect((await connectSse(`${b.url}/api/realtime/stream?ticket=${ticket}`)).status).toBe(401);
    expect((await connectSse(`${a.url}/api/realtime/stream?ticket=${buyer.token}`)).status).toBe(401);
    expect((await connectSse(`${a.url}/api/realtime/stream`)).status).toBe(401);
    expect((await connectSse(`${a.url}/api/realtime/stream`, { token: 'not.a.jwt' })).status).toBe(401);
    expect((await a.request('POST', '/api/realtime/ticket')).status).toBe(401);
    // A ticket from one instance opens a stream on the other (tickets live in PostgreSQL).
    const t2 = (await a.request('POST', '/api/realtime/ticket', { token: buyer.token })).body.data.ticket as string;
    const onB = await connectSse(`${b.url}/api/realtime/stream?ticket=${t2}`);
    open.push(onB);
    expect(onB.status).toBe(200);
    onB.close();
  });

  it('is open to accounts awaiting approval (they hear about their approval)', async () => {
    const pending = await a.createUser({ role: 'supplier', approved: false });
    const s = await stream(a, pending, 'bearer');
    await notify(a.db, { userId: pending.id, kind: 'account_approved', title: 'Approved', body: 'Welcome' });
    const e = await s.next((x) => x.event === 'notification.created');
    expect(e.data).toMatchObject({ kind: 'account_approved', title: 'Approved', read: false });
    expect((await s.next((x) => x.event === 'unread.changed' && x.data.notifications === 1)).data).toEqual({
      notifications: 1,
    });
  });
});

describe('Realtime channel: events', () => {
  it('delivers message.created to both sides, unread.changed and message.read as they happen', async () => {
    const toBuyer = await stream(a, buyer);
    const toSupplier = await stream(a, supplier, 'bearer');
    const sent = await a.request('POST', '/api/sendMessage', {
      token: buyer.token,
      body: { recipientId: supplier.id, text: 'live hello' },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.data.id;
    const got = await toSupplier.next((e) => e.event === 'message.created' && e.data.message.id === id);
    expect(got.data.message).toMatchObject({ text: 'live hello', senderId: buyer.id, read: false });
    await toBuyer.next((e) => e.event === 'message.created' && e.data.message.id === id);
    await toSupplier.next((e) => e.event === 'unread.changed' && e.data.messages === 1);
    const note = await toSupplier.next((e) => e.event === 'notification.created' && e.data.kind === 'new_message');
    expect(note.data.body).toBe('live hello');

    const conversationId = sent.body.data.conversationId;
    await a.request('PUT', `/api/${conversationId}/read`, { token: supplier.token });
    const read = await toBuyer.next((e) => e.event === 'message.read');
    expect(read.data).toMatchObject({ conversationId, readerId: supplier.id });
    await toSupplier.next((e) => e.event === 'unread.changed' && e.data.messages === 0);
    // Nothing of theirs reaches a third user.
    const other = await a.createUser({ role: 'supplier' });
    const outsider = await stream(a, other);
    await a.request('POST', '/api/sendMessage', { token: buyer.token, body: { conversationId, text: 'not for you' } });
    await toSupplier.next((e) => e.event === 'message.created' && e.data.message.text === 'not for you');
    expect(outsider.events.filter((e) => e.event === 'message.created')).toEqual([]);
  });

  it("a sent message's events carry the recipient's exact unread counts: messages in all, one notification per conversation", async () => {
    const recipient = await a.createUser({ role: 'supplier' });
    const first = await a.createUser({ role: 'buyer' });
    const second = await a.createUser({ role: 'buyer' });
    const s = await stream(a, recipient);
    const send = async (from: TestUser, text: string) => {
      const since = s.events.length;
      const after = (match: (e: (typeof s.events)[number]) => boolean) =>
        s.next((e) => s.events.indexOf(e) >= since && match(e));
      const sent = await a.request('POST', '/api/sendMessage', {
        token: from.token,
        body: { recipientId: recipient.id, text },
      });
      expect(sent.status).toBe(201);
      const messages = (await after((e) => e.event === 'unread.changed' && 'messages' in e.data)).data.messages;
      const note = (await after((e) => e.event === 'notification.created' && e.data.body === text)).data;
      const notifications = (await after((e) => e.event === 'unread.changed' && 'notifications' in e.data)).data
        .notifications;
      return { messages, notifications, note };
    };

    const one = await send(first, 'first hello');
    expect([one.messages, one.notifications]).toEqual([1, 1]);
    // A second message in the same conversation refreshes its unread notification: still one.
    const two = await send(first, 'first again');
    expect([two.messages, two.notifications]).toEqual([2, 1]);
    expect(two.note.id).toBe(one.note.id);
    // Another sender opens a new conversation: a second notification.
    const three = await send(second, 'second hello');
    expect([three.messages, three.notifications]).toEqual([3, 2]);
    expect(three.note.id).not.toBe(one.note.id);
    // The counts the events carried are what the API answers.
    const counted = await a.request('GET', '/api/notifications/unread-count', { token: recipient.token });
    expect(counted.body).toEqual({ count: 2 });
  });

  it('a message too large for a NOTIFY payload travels by id and arrives whole', async () => {
    const s = await stream(a, supplier);
    const text = '€'.repeat(5000); // 15,000 bytes of UTF-8
    const sent = await a.request('POST', '/api/sendMessage', {
      token: buyer.token,
      body: { recipientId: supplier.id, text },
    });
    expect(sent.status).toBe(201);
    const got = await s.next((e) => e.event === 'message.created' && e.data.message.id === sent.body.data.id);
    expect(got.data.message.text).toBe(text);
  });

  it('publishes only after commit: a rolled-back notification is never delivered', async () => {
    const s = await stream(a, supplier);
    await a.db
      .transaction(async (tx) => {
        await notify(tx, { userId: supplier.id, kind: 'tender_completed', title: 'Rolled back', body: 'x' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await notify(a.db, { userId: supplier.id, kind: 'tender_completed', title: 'Committed', body: 'y' });
    await s.next((e) => e.event === 'notification.created' && e.data.title === 'Committed');
    expect(s.events.some((e) => e.event === 'notification.created' && e.data.title === 'Rolled back')).toBe(false);
  });
});

describe('Realtime fan-out across API instances (PostgreSQL LISTEN/NOTIFY)', () => {
  it('a client connected to instance B receives a message sent through instance A', async () => {
    const onB = await stream(b, supplier);
    const sent = await a.request('POST', '/api/sendMessage', {
      token: buyer.token,
      body: { recipientId: supplier.id, text: 'across instances' },
    });
    expect(sent.status).toBe(201);
    const got = await onB.next((e) => e.event === 'message.created' && e.data.message.id === sent.body.data.id);
    expect(got.data.message.text).toBe('across instances');
    // And back: a reply through B reaches the buyer's stream on A.
    const onA = await stream(a, buyer);
    const reply = await b.request('POST', '/api/sendMessage', {
      token: supplier.token,
      body: { conversationId: sent.body.data.conversationId, text: 'reply via B' },
    });
    expect(reply.status).toBe(201);
    await onA.next((e) => e.event === 'message.created' && e.data.message.id === reply.body.data.id);
  });
});

describe('a stream ends with its session', () => {
  const endsWithin = (c: SseClient, ms: number) =>
    Promise.race([c.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  it("a password change ends the user's open streams on every instance", async () => {
    const u = await a.createUser({ role: 'supplier' });
    const onA = await stream(a, u);
    const onB = await stream(b, u, 'bearer');
    const changed = await a.request('POST', '/api/auth/reset-password', {
      token: u.token,
      body: { password: 'Test-password-1', newPassword: 'Brand-new-pass-2' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await endsWithin(onA, 5000)).toBe(true);
    expect(await endsWithin(onB, 5000)).toBe(true);
    // The new session's stream stays open.
    const fresh = await stream(a, { ...u, token: changed.body.data.token });
    expect(await endsWithin(fresh, 500)).toBe(false);
    fresh.close();
  });

  it('"sign out other sessions" and logout end the streams too', async () => {
    const u = await a.createUser({ role: 'buyer' });
    const s1 = await stream(b, u);
    const out = await a.request('PUT', '/api/settings/security', {
      token: u.token,
      body: { action: 'sign_out_others' },
    });
    expect(out.status).toBe(200);
    expect(await endsWithin(s1, 5000)).toBe(true);
    const me = { ...u, token: out.body.data.session.token };
    const s2 = await stream(a, me);
    expect((await a.request('POST', '/api/auth/logout', { token: me.token })).status).toBe(200);
    expect(await endsWithin(s2, 5000)).toBe(true);
  });

  it('a ticket issued before the session ended opens no stream', async () => {
    const u = await a.createUser({ role: 'buyer' });
    const ticket = (await a.request('POST', '/api/realtime/ticket', { token: u.token })).body.data.ticket as string;
    const out = await a.request('PUT', '/api/settings/security', {
      token: u.token,
      body: { action: 'sign_out_others' },
    });
    expect(out.status).toBe(200);
    const res = await connectSse(`${b.url}/api/realtime/stream?ticket=${encodeURIComponent(ticket)}`);
    open.push(res);
    expect(res.status).toBe(401);
  });
});
