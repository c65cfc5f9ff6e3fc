import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let third: TestUser;

const SEND_LIMIT = 40;

beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  t = await createTestApp({ messaging: { ...base.messaging, sendPerMinute: SEND_LIMIT } });
  buyer = await t.createUser({ role: 'buyer', companyName: 'Northgate Homes' });
  supplier = await t.createUser({ role: 'supplier', companyName: 'Keystone Aggregates' });
  third = await t.createUser({ role: 'supplier', companyName: 'Outsider Supplies' });
});
afterAll(() => t.close());

async function open(from: TestUser, to: TestUser, extra: Record<string, string> = {}) {
  return t.request('POST', '/api/conversation', { token: from.token, body: { userId: to.id, ...extra } });
}
async function send(from: TestUser, body: Record<string, unknown>) {
  return t.request('POST', '/api/sendMessage', { token: from.token, body });
}

describe('docs/product.md §7 Messaging: POST /api/conversation', () => {
  it('opens a conversation once per pair and subject, from either side, with the other party', async () => {
    const first = await open(buyer, supplier);
    expect(first.status).toBe(201);
    expect(first.body.data.otherParty).toEqual({
      id: supplier.id,
      name: 'Test Supplier',
      companyName: 'Keystone Aggregates',
      role: 'supplier',
      region: null,
    });
    expect(first.body.data).toMatchObject({ lastMessage: null, unreadCount: 0, tenderId: null });
    expect(JSON.stringify(first.body)).not.toContain(supplier.email);

    const again = await open(supplier, buyer);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.otherParty.id).toBe(buyer.id);

    const tenderId = crypto.randomUUID();
    const aboutTender = await open(buyer, supplier, { tenderId });
    expect(aboutTender.status).toBe(201);
    expect(aboutTender.body.data.id).not.toBe(first.body.data.id);
    expect(aboutTender.body.data.tenderId).toBe(tenderId);
    expect((await open(supplier, buyer, { tenderId })).body.data.id).toBe(aboutTender.body.data.id);
  });

  it('docs/product.md §6: only buyer ↔ supplier — not the same role, not an admin, not pending accounts, not oneself', async () => {
    const otherBuyer = await t.createUser({ role: 'buyer' });
    const pending = await t.createUser({ role: 'supplier', approved: false });
    const admin = await t.createUser({ role: 'admin' });
    expect((await open(buyer, otherBuyer)).status).toBe(404);
    expect((await open(supplier, third)).status).toBe(404);
    expect((await open(buyer, pending)).status).toBe(404);
    expect((await open(buyer, admin)).status).toBe(404);
    expect((await open(buyer, buyer)).status).toBe(400);
    expect(
      (await t.request('POST', '/api/conversation', { token: buyer.token, body: { userId: crypto.randomUUID() } }))
        .status,
    ).toBe(404);
    expect((await open(admin, supplier)).status).toBe(403);
    expect((await t.request('POST', '/api/conversation', { body: { userId: supplier.id } })).status).toBe(401);
    expect(
      (await open(buyer, supplier, { tenderId: crypto.randomUUID(), catalogueItemId: crypto.randomUUID() })).status,
    ).toBe(400);
  });

  it('docs/product.md §4: messaging is gated — approval (423) and an active subscription (402)', async () => {
    const unsubscribed = await t.createUser({ role: 'buyer', plan: null });
    const pending = await t.createUser({ role: 'buyer', approved: false });
    expect((await open(unsubscribed, supplier)).status).toBe(402);
    expect((await open(pending, supplier)).status).toBe(423);
    expect((await t.request('GET', '/api/conversations', { token: unsubscribed.token })).status).toBe(402);
  });
});

describe('docs/product.md §3 and §7 Messaging: send, list, read', () => {
  it('sends to a user (opening the conversation), stores text as given, lists with unread counts', async () => {
    const b = await t.createUser({ role: 'buyer', companyName: 'Harbour Build' });
    const s = await t.createUser({ role: 'supplier', companyName: 'Granite & Co' });
    const html = '<img src=x onerror="alert(1)"> & <b>bold</b>\nsecond line';
    const first = await send(b, { recipientId: s.id, text: html });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      senderId: b.id,
      recipientId: s.id,
      text: html,
      read: false,
      readAt: null,
      attachments: [],
    });
    const conversationId = first.body.data.conversationId;
    const reply = await send(s, { conversationId, text: 'Thanks, quote attached soon' });
    expect(reply.status).toBe(201);
    await send(b, { conversationId, text: 'Great' });
    await send(b, { conversationId, text: 'Delivery to Leeds?' });

    const forSupplier = await t.request('GET', '/api/conversations', { token: s.token });
    expect(forSupplier.status).toBe(200);
    expect(forSupplier.body.meta).toMatchObject({ page: 1, total: 1 });
    const c = forSupplier.body.data[0];
    expect(c).toMatchObject({
      id: conversationId,
      unreadCount: 3,
      otherParty: { id: b.id, companyName: 'Harbour Build', role: 'buyer' },
    });
    expect(c.lastMessage).toMatchObject({ text: 'Delivery to Leeds?', senderId: b.id, read: false });
    const forBuyer = await t.request('GET', '/api/conversations', { token: b.token });
    expect(forBuyer.body.data[0]).toMatchObject({ id: conversationId, unreadCount: 1 });

    // The thread as stored, with the raw text intact (the client renders it as text).
    const thread = await t.request('GET', `/api/messages/${conversationId}`, { token: s.token });
    expect(thread.status).toBe(200);
    expect(thread.body.data.map((m: { text: string }) => m.text)).toEqual([
      html,
      'Thanks, quote attached soon',
      'Great',
      'Delivery to Leeds?',
    ]);
    expect(thread.body.meta).toMatchObject({ total: 4, nextBefore: null });

    // PUT /api/{id}/read: the supplier reads; the buyer sees read ticks; counts drop to zero.
    const read = await t.request('PUT', `/api/${conversationId}/read`, { token: s.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ conversationId, updated: 3 });
    expect((await t.request('GET', '/api/conversations', { token: s.token })).body.data[0].unreadCount).toBe(0);
    const seenByBuyer = await t.request('GET', `/api/messages/${conversationId}`, { token: b.token });
    expect(seenByBuyer.body.data.map((m: { read: boolean }) => m.read)).toEqual([true, false, true, true]);
    // Reading twice is harmless.
    expect((await t.request('PUT', `/api/${conversationId}/read`, { token: s.token })).body.data.updated).toBe(0);
  });

  it('pages the conversation list by the last message: each page the next ones, with the other party, last message and unread count', async () => {
    const b = await t.createUser({ role: 'buyer' });
    const suppliers = [];
    for (let i = 0; i < 5; i++)
      suppliers.push(await t.createUser({ role: 'supplier', companyName: `Paged Supplier ${i}` }));
    // each supplier writes once, in order, so the newest conversation is the last supplier's
    for (const [i, s] of suppliers.entries()) await send(s, { recipientId: b.id, text: `note ${i}` });
    const page = async (n: number) =>
      (await t.request('GET', `/api/conversations?pageSize=2&page=${n}`, { token: b.token })).body;
    const [p1, p2, p3] = [await page(1), await page(2), await page(3)];
    expect([p1.meta.total, p2.meta.total, p3.meta.total]).toEqual([5, 5, 5]);
    const rows = [...p1.data, ...p2.data, ...p3.data];
    expect(rows.map((c: { otherParty: { companyName: string } }) => c.otherParty.companyName)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `Paged Supplier ${i}`),
    );
    expect(rows.map((c: { lastMessage: { text: string } }) => c.lastMessage.text)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `note ${i}`),
    );
    expect(rows.every((c: { unreadCount: number }) => c.unreadCount === 1)).toBe(true);
    expect(p3.data).toHaveLength(1);
  });

  it('orders the list by the last message and pages threads oldest → newest with page or before', async () => {
    const b = await t.createUser({ role: 'buyer' });
    const s1 = await t.createUser({ role: 'supplier', companyName: 'First Supplier' });
    const s2 = await t.createUser({ role: 'supplier', companyName: 'Second Supplier' });
    const c1 = (await send(b, { recipientId: s1.id, text: 'm0' })).body.data.conversationId;
    await send(b, { recipientId: s2.id, text: 'hello two' });
    for (let i = 1; i < 7; i++) await send(b, { conversationId: c1, text: `m${i}` });
    let list = await t.request('GET', '/api/conversations', { token: b.token });
    expect(list.body.data.map((c: { otherParty: { companyName: string } }) => c.otherParty.companyName)).toEqual([
      'First Supplier',
      'Second Supplier',
    ]);
    await send(s2, { recipientId: b.id, text: 'back to you' });
    list = await t.request('GET', '/api/conversations', { token: b.token });
    expect(list.body.data[0].otherParty.companyName).toBe('Second Supplier');

    const texts = (r: { body: { data: { text: string }[] } }) => r.body.data.map((m) => m.text);
    const p1 = await t.request('GET', `/api/messages/${c1}?pageSize=3`, { token: s1.token });
    expect(texts(p1)).toEqual(['m4', 'm5', 'm6']);
    expect(p1.body.meta).toMatchObject({ page: 1, pageSize: 3, total: 7 });
    const p2 = await t.request('GET', `/api/messages/${c1}?pageSize=3&page=2`, { token: s1.token });
    expect(texts(p2)).toEqual(['m1', 'm2', 'm3']);
    const older = await t.request('GET', `/api/messages/${c1}?pageSize=3&before=${p1.body.meta.nextBefore}`, {
      token: s1.token,
    });
    expect(texts(older)).toEqual(['m1', 'm2', 'm3']);
    const oldest = await t.request('GET', `/api/messages/${c1}?pageSize=3&before=${older.body.meta.nextBefore}`, {
      token: s1.token,
    });
    expect(texts(oldest)).toEqual(['m0']);
    expect(oldest.body.meta.nextBefore).toBeNull();
    expect(
      (await t.request('GET', `/api/messages/${c1}?before=${crypto.randomUUID()}`, { token: s1.token })).status,
    ).toBe(400);
  });

  it('only the two participants read or write: a third user gets 404 everywhere', async () => {
    const c = (await open(buyer, supplier)).body.data.id;
    await send(buyer, { conversationId: c, text: 'private' });
    expect((await t.request('GET', `/api/messages/${c}`, { token: third.token })).status).toBe(404);
    expect((await send(third, { conversationId: c, text: 'let me in' })).status).toBe(404);
    expect((await t.request('PUT', `/api/${c}/read`, { token: third.token })).status).toBe(404);
    const list = await t.request('GET', '/api/conversations', { token: third.token });
    expect(list.body.data.map((x: { id: string }) => x.id)).not.toContain(c);
    expect((await t.request('GET', `/api/messages/${crypto.randomUUID()}`, { token: buyer.token })).status).toBe(404);
  });

  it('validates: 5,000 characters at most, text or a file, one target, own uploads only', async () => {
    const c = (await open(buyer, supplier)).body.data.id;
    expect((await send(buyer, { conversationId: c, text: 'x'.repeat(5000) })).status).toBe(201);
    const tooLong = await send(buyer, { conversationId: c, text: 'x'.repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('VALIDATION_FAILED');
    expect((await send(buyer, { conversationId: c, text: '   ' })).status).toBe(400);
    expect((await send(buyer, { text: 'to nobody' })).status).toBe(400);
    expect((await send(buyer, { conversationId: c, recipientId: supplier.id, text: 'both' })).status).toBe(400);
    const bad = await send(buyer, {
      conversationId: c,
      text: 'see file',
      attachments: [{ name: 'a.pdf', key: `${supplier.id}/documents/x-a.pdf` }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('attachments.0.key');
    expect((await send(buyer, { recipientId: crypto.randomUUID(), text: 'hi' })).status).toBe(404);
    expect(
      (
        await t.request('POST', '/api/sendMessage', {
          token: buyer.token,
          raw: 'nope',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });

  it('raises one new-message notification per unread conversation, read with the conversation', async () => {
    const b = await t.createUser({ role: 'buyer' });
    const s = await t.createUser({ role: 'supplier' });
    const c = (await send(b, { recipientId: s.id, text: 'first' })).body.data.conversationId;
    await send(b, { conversationId: c, text: 'second' });
    const notes = await t.request('GET', '/api/notifications', { token: s.token });
    expect(notes.body.data).toHaveLength(1);
    expect(notes.body.data[0]).toMatchObject({
      kind: 'new_message',
      body: 'second',
      link: `/supplier/messages?conversation=${c}`,
      read: false,
    });
    expect(notes.body.data[0].title).toContain('New message from Test Buyer');
    await t.request('PUT', `/api/${c}/read`, { token: s.token });
    expect((await t.request('GET', '/api/notifications/unread-count', { token: s.token })).body).toEqual({ count: 0 });
  });

  it('PUT /api/{id}/read takes UUIDs only and shadows no other route', async () => {
    expect((await t.request('PUT', '/api/not-a-uuid/read', { token: buyer.token })).status).toBe(404);
    expect((await t.request('PUT', '/api/notifications/read-all', { token: buyer.token })).status).toBe(200);
    expect(
      (await t.request('PUT', `/api/notifications/${crypto.randomUUID()}/read`, { token: buyer.token })).status,
    ).toBe(404);
    expect((await t.request('PUT', `/api/${crypto.randomUUID()}/read`, { token: buyer.token })).status).toBe(404);
    const docs = await t.request('GET', '/api/docs/json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/api/sendMessage', '/api/conversations', '/api/users/search', '/api/{id}/read']),
    );
  });

  it('rate-limits sending per user (429)', async () => {
    const b = await t.createUser({ role: 'buyer' });
    const c = (await open(b, supplier)).body.data.id;
    const statuses: number[] = [];
    for (let i = 0; i < SEND_LIMIT + 1; i++)
      statuses.push((await send(b, { conversationId: c, text: `n${i}` })).status);
    expect(statuses.slice(0, SEND_LIMIT).every((s) => s === 201)).toBe(true);
    const last = await send(b, { conversationId: c, text: 'one too many' });
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('RATE_LIMITED');
    // Others are not affected.
    expect((await send(supplier, { conversationId: c, text: 'still fine' })).status).toBe(201);
  });
});

describe('docs/product.md §7 Messaging: GET /api/users/search', () => {
  it('finds approved counterparts of the opposite role by name or company, public fields only', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const s1 = await t.createUser({ role: 'supplier', companyName: `${tag} Timber Ltd` });
    await t.createUser({ role: 'supplier', companyName: `${tag} Pending`, approved: false });
    const b1 = await t.createUser({ role: 'buyer', companyName: `${tag} Buyer Group` });
    const res = await t.request('GET', `/api/users/search?q=${tag}`, { token: buyer.token });
    expect(res.status).toBe(200);
    // Personal names follow the profile's privacy: by default only counterparties see them.
    expect(res.body.data).toEqual([
      { id: s1.id, name: `${tag} Timber Ltd`, companyName: `${tag} Timber Ltd`, role: 'supplier', region: null },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/email|phone|password/i);
    // The supplier side sees buyers, never themselves.
    const fromSupplier = await t.request('GET', `/api/users/search?q=${tag}`, { token: s1.token });
    expect(fromSupplier.body.data.map((u: { id: string }) => u.id)).toEqual([b1.id]);
    expect(
      (await t.request('GET', `/api/users/search?q=${tag.toUpperCase()}%20timber`, { token: buyer.token })).body.data,
    ).toHaveLength(1);
    expect((await t.request('GET', '/api/users/search?q=%25%25', { token: buyer.token })).body.data).toEqual([]);
    expect((await t.request('GET', '/api/users/search?q=a', { token: buyer.token })).status).toBe(400);
    expect((await t.request('GET', '/api/users/search', { token: buyer.token })).status).toBe(400);
  });
});

describe('GET /api/users/search reads the names as they are now', () => {
  it('finds a renamed company by its new name only, and never an account waiting for approval', async () => {
    const tag = `zr${Date.now().toString(36)}`;
    const renamed = await t.createUser({ role: 'supplier', companyName: `${tag} Oakwood Joinery` });
    await t.createUser({ role: 'supplier', companyName: `${tag} Oakwood Waiting`, approved: false });
    const ids = async (q: string) =>
      (await t.request('GET', `/api/users/search?q=${encodeURIComponent(q)}`, { token: buyer.token })).body.data.map(
        (u: { id: string }) => u.id,
      );
    expect(await ids(`${tag} oakwood`)).toEqual([renamed.id]);

    const put = await t.request('PUT', '/api/settings/profile', {
      token: renamed.token,
      body: { companyName: `${tag} Birchgate Carpentry` },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await ids(`${tag} birchgate`)).toEqual([renamed.id]);
    expect(await ids(`${tag} oakwood`)).toEqual([]);
  });
});

describe('GET /api/users/search keeps to the privacy settings', () => {
  it('lists a private profile only to its counterparties, and shows or searches personal names only where the profile would', async () => {
    const tag = `zp${Date.now().toString(36)}`;
    const hidden = await t.createUser({ role: 'supplier', companyName: `${tag} Hidden Ltd` });
    const members = await t.createUser({ role: 'supplier', companyName: `${tag} Open Ltd` });
    const viewer = await t.createUser({ role: 'buyer' });
    expect(
      (await t.request('PUT', '/api/settings/privacy', { token: hidden.token, body: { profileVisibility: 'private' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', '/api/settings/privacy', {
          token: members.token,
          body: { contactVisibility: 'members' },
        })
      ).status,
    ).toBe(200);

    const found = await t.request('GET', `/api/users/search?q=${tag}`, { token: viewer.token });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([
      { id: members.id, name: 'Test Supplier', companyName: `${tag} Open Ltd`, role: 'supplier', region: null },
    ]);
    expect(found.body.meta.total).toBe(1);
    // a page past the last still says how many there are
    const past = await t.request('GET', `/api/users/search?q=${tag}&page=3`, { token: viewer.token });
    expect([past.body.data, past.body.meta.total]).toEqual([[], 1]);
    // A personal name finds only the profile that shows it.
    const byName = await t.request('GET', `/api/users/search?q=${encodeURIComponent('Test Supplier')}&pageSize=100`, {
      token: viewer.token,
    });
    const ids = byName.body.data.map((u: { id: string }) => u.id);
    expect(ids).toContain(members.id);
    expect(ids).not.toContain(hidden.id);

    // Once the private supplier has written to the buyer, they are counterparties: listed, with the name.
    const opened = await t.request('POST', '/api/sendMessage', {
      token: hidden.token,
      body: { recipientId: viewer.id, text: 'Hello, about your tender' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const after = await t.request('GET', `/api/users/search?q=${tag}`, { token: viewer.token });
    expect(after.body.data.map((u: { id: string; name: string }) => `${u.id}:${u.name}`)).toEqual([
      `${hidden.id}:Test Supplier`,
      `${members.id}:Test Supplier`,
    ]);
  });
});

describe('GET /api/users/search is kept between searches', () => {
  it('yet shows the next privacy change, contract, message and approval at once', async () => {
    const tag = `zk${Date.now().toString(36)}`;
    const hidden = await t.createUser({ role: 'supplier', companyName: `${tag} Hidden Ltd` });
    const plain = await t.createUser({ role: 'supplier', companyName: `${tag} Plain Ltd` });
    const writer = await t.createUser({ role: 'supplier', companyName: `${tag} Writer Ltd` });
    const viewer = await t.createUser({ role: 'buyer' });
    for (const who of [hidden, writer]) {
      const privacy = await t.request('PUT', '/api/settings/privacy', {
        token: who.token,
        body: { profileVisibility: 'private' },
      });
      expect(privacy.status).toBe(200);
    }
    const search = async () =>
      (await t.request('GET', `/api/users/search?q=${tag}`, { token: viewer.token })).body.data.map(
        (u: { id: string; name: string }) =>
          `${u.id === hidden.id ? 'hidden' : u.id === plain.id ? 'plain' : 'writer'}:${u.name}`,
      );
    expect(await search()).toEqual([`plain:${tag} Plain Ltd`]);
    expect(await search()).toEqual([`plain:${tag} Plain Ltd`]);

    // A privacy setting is a profile row only: the contact details shown to members show the name.
    const members = await t.request('PUT', '/api/settings/privacy', {
      token: plain.token,
      body: { contactVisibility: 'members' },
    });
    expect(members.status).toBe(200);
    expect(await search()).toEqual(['plain:Test Supplier']);

    // A contract makes the viewer the private supplier's counterparty (written by the database alone).
    await t.db.execute(
      sql`insert into contracts (tender_title, buyer_id, supplier_id, value_pence, status) values ('Kept search', ${viewer.id}, ${hidden.id}, 1, 'proposed')`,
    );
    expect(await search()).toEqual(['hidden:Test Supplier', 'plain:Test Supplier']);

    // So does a message the other private supplier writes to the viewer.
    const sent = await t.request('POST', '/api/sendMessage', {
      token: writer.token,
      body: { recipientId: viewer.id, text: 'About your tender' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await search()).toEqual(['hidden:Test Supplier', 'plain:Test Supplier', 'writer:Test Supplier']);

    // So does an account change no name shows: an approval withdrawn.
    await t.db.execute(sql`update users set approved = false where id = ${plain.id}`);
    expect(await search()).toEqual(['hidden:Test Supplier', 'writer:Test Supplier']);
  });
});
