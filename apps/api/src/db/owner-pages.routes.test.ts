import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderBody } from '../../test/builders.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';

// A user's notifications and conversations are kept per user and page under the owner's list
// version (db/owner-pages.ts, migration 0030). These tests read a page (so it is kept), change what
// it shows the way another instance or code path would (SQL straight to the database), and expect
// the next read to say so; and a change hidden from the triggers to stay unseen, which proves the
// page was kept at all.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(path: string, user: TestUser) {
  const res = await t.request('GET', path, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Record<string, unknown>[]; meta: { total: number } };
}

/** session_replication_role = replica switches the triggers off for one transaction: the one way to write unseen. */
const hidden = (statement: ReturnType<typeof sql>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

const versionOf = async (list: string, ownerId: string) =>
  Number(
    (
      await t.db.execute<{ v: string }>(
        sql`select coalesce((select version from owner_list_versions where list = ${list} and owner_id = ${ownerId}), 0) as v`,
      )
    ).rows[0]!.v,
  );

describe('owner list versions (migration 0030)', () => {
  it('raise once per committed transaction, per owner, and not on a rollback', async () => {
    const a = await t.createUser({ role: 'buyer' });
    const before = await versionOf('notifications', a.id);
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into notifications (user_id, kind, title, body) values (${a.id}, 'system', 'One', 'x')`,
      );
      await tx.execute(
        sql`insert into notifications (user_id, kind, title, body) values (${a.id}, 'system', 'Two', 'x')`,
      );
      await tx.execute(sql`update notifications set read_at = now() where user_id = ${a.id}`);
    });
    expect(await versionOf('notifications', a.id)).toBe(before + 1);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`delete from notifications where user_id = ${a.id}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionOf('notifications', a.id)).toBe(before + 1);
  });
});

describe('GET /api/notifications kept per user', () => {
  it('answers a repeat page from memory, and a new, read or deleted notification from any writer at once', async () => {
    const me = await t.createUser({ role: 'supplier' });
    const other = await t.createUser({ role: 'supplier' });
    await t.db.execute(
      sql`insert into notifications (user_id, kind, title, body) values (${me.id}, 'system', 'Welcome', 'Hello')`,
    );
    const titles = async () => (await get('/api/notifications', me)).data.map((n) => n.title);
    expect(await titles()).toEqual(['Welcome']);

    await hidden(sql`update notifications set title = 'Hidden' where user_id = ${me.id}`);
    expect(await titles()).toEqual(['Welcome']);

    // another user's notification does not move mine, so the page stays kept
    await t.db.execute(
      sql`insert into notifications (user_id, kind, title, body) values (${other.id}, 'system', 'Theirs', 'x')`,
    );
    expect(await titles()).toEqual(['Welcome']);

    await t.db.execute(
      sql`insert into notifications (user_id, kind, title, body, created_at) values (${me.id}, 'system', 'Second', 'x', now() + interval '1 second')`,
    );
    const page = await get('/api/notifications', me);
    expect(page.data.map((n) => n.title)).toEqual(['Second', 'Hidden']);
    expect(page.meta.total).toBe(2);

    await t.db.execute(sql`update notifications set read_at = now() where user_id = ${me.id} and title = 'Second'`);
    expect((await get('/api/notifications', me)).data.map((n) => n.read)).toEqual([true, false]);

    await t.db.execute(sql`delete from notifications where user_id = ${me.id} and title = 'Second'`);
    const after = await get('/api/notifications', me);
    expect(after.data.map((n) => n.title)).toEqual(['Hidden']);
    expect(after.meta.total).toBe(1);
  });

  it('answers a page past the last with the total', async () => {
    const me = await t.createUser({ role: 'buyer' });
    await t.db.execute(
      sql`insert into notifications (user_id, kind, title, body) values (${me.id}, 'system', 'Only', 'x')`,
    );
    const past = await get('/api/notifications?page=3&pageSize=5', me);
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ page: 3, pageSize: 5, total: 1 });
  });
});

describe('GET /api/conversations kept per user', () => {
  it('shows a message, a read and the other party’s new name written by any path at once', async () => {
    const buyer = await t.createUser({ role: 'buyer', companyName: 'Kept Homes' });
    const supplier = await t.createUser({ role: 'supplier', companyName: 'Kept Bricks' });
    const sent = await t.request('POST', '/api/sendMessage', {
      token: buyer.token,
      body: { recipientId: supplier.id, text: 'Can you quote for 20,000 bricks?' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const conversationId = sent.body.data.conversationId as string;
    const row = async () => (await get('/api/conversations', supplier)).data.find((c) => c.id === conversationId)!;

    expect(await row()).toMatchObject({ unreadCount: 1, lastMessage: { text: 'Can you quote for 20,000 bricks?' } });

    await hidden(sql`update messages set text = 'Hidden edit' where conversation_id = ${conversationId}`);
    expect((await row()).lastMessage).toMatchObject({ text: 'Can you quote for 20,000 bricks?' });

    // the buyer's reply, written as another instance writes it (the message and the conversation's
    // last message; the messages triggers keep the unread counters)
    await t.db.execute(
      sql`with m as (
            insert into messages (conversation_id, sender_id, recipient_id, text, created_at)
            values (${conversationId}, ${buyer.id}, ${supplier.id}, 'And 400 copings.', now() + interval '1 second')
            returning id, created_at)
          update conversations set last_message_id = m.id, last_message_at = m.created_at from m
          where conversations.id = ${conversationId}`,
    );
    expect(await row()).toMatchObject({ unreadCount: 2, lastMessage: { text: 'And 400 copings.', read: false } });

    const read = await t.request('PUT', `/api/${conversationId}/read`, { token: supplier.token });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(await row()).toMatchObject({ unreadCount: 0, lastMessage: { read: true } });

    await t.db.execute(sql`update users set company_name = 'Renamed Homes' where id = ${buyer.id}`);
    expect((await row()).otherParty).toMatchObject({ companyName: 'Renamed Homes' });
  });

  it('answers a page past the last with the total', async () => {
    const buyer = await t.createUser({ role: 'buyer' });
    const supplier = await t.createUser({ role: 'supplier' });
    expect((await get('/api/conversations?page=2', buyer)).meta.total).toBe(0);
    await t.request('POST', '/api/conversation', { token: buyer.token, body: { userId: supplier.id } });
    const past = await get('/api/conversations?page=2', buyer);
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(1);
  });
});

describe('GET /api/contract/user/{id} kept per user', () => {
  it('shows a new deal, a status change, the viewer’s review and a party’s deleted account written by any path at once', async () => {
    const buyer = await t.createUser({ role: 'buyer' });
    const supplier = await t.createUser({ role: 'supplier' });
    const deals = async () => get(`/api/contract/user/${supplier.id}`, supplier);
    expect((await deals()).meta.total).toBe(0);

    const [contract] = (
      await t.db.execute<{ id: string }>(
        sql`insert into contracts (tender_title, buyer_id, supplier_id, value_pence, status)
            values ('Kept deal', ${buyer.id}, ${supplier.id}, 125000, 'active') returning id`,
      )
    ).rows;
    const first = await deals();
    expect(first.meta.total).toBe(1);
    expect(first.data[0]).toMatchObject({ id: contract!.id, status: 'active', canReview: false });

    await hidden(sql`update contracts set tender_title = 'Hidden' where id = ${contract!.id}`);
    expect((await deals()).data[0]).toMatchObject({ tenderTitle: 'Kept deal' });

    await t.db.execute(sql`update contracts set status = 'fulfilled', fulfilled_at = now() where id = ${contract!.id}`);
    expect((await deals()).data[0]).toMatchObject({ status: 'fulfilled', tenderTitle: 'Hidden', canReview: true });

    await t.db.execute(
      sql`insert into reviews (contract_id, reviewer_id, reviewee_id, rating, text)
          values (${contract!.id}, ${supplier.id}, ${buyer.id}, 5, 'Paid on time.')`,
    );
    expect((await deals()).data[0]).toMatchObject({ canReview: false });

    await t.db.execute(sql`update users set deleted_at = now() where id = ${buyer.id}`);
    expect((await deals()).data[0]).toMatchObject({ buyer: { deleted: true } });
  });
});

describe('GET /api/reviews kept per reviewee', () => {
  it('shows a new review, its contract’s new title and the reviewer’s new name written by any path at once', async () => {
    const buyer = await t.createUser({ role: 'buyer', companyName: 'Reviewing Homes' });
    const supplier = await t.createUser({ role: 'supplier' });
    const [contract] = (
      await t.db.execute<{ id: string }>(
        sql`insert into contracts (tender_title, buyer_id, supplier_id, value_pence, status, fulfilled_at)
            values ('Reviewed deal', ${buyer.id}, ${supplier.id}, 5000, 'fulfilled', now()) returning id`,
      )
    ).rows;
    const received = async () => get('/api/reviews', supplier);
    expect((await received()).meta.total).toBe(0);

    await t.db.execute(
      sql`insert into reviews (contract_id, reviewer_id, reviewee_id, rating, text)
          values (${contract!.id}, ${buyer.id}, ${supplier.id}, 4, 'Good bricks.')`,
    );
    const page = await received();
    expect(page.meta).toMatchObject({ total: 1, average: 4 });
    expect(page.data[0]).toMatchObject({ tenderTitle: 'Reviewed deal', reviewer: { companyName: 'Reviewing Homes' } });

    await hidden(sql`update reviews set text = 'Hidden' where contract_id = ${contract!.id}`);
    expect((await received()).data[0]).toMatchObject({ text: 'Good bricks.' });

    await t.db.execute(sql`update contracts set tender_title = 'Retitled deal' where id = ${contract!.id}`);
    expect((await received()).data[0]).toMatchObject({ tenderTitle: 'Retitled deal', text: 'Hidden' });

    await t.db.execute(sql`update users set company_name = 'Renamed Reviewers' where id = ${buyer.id}`);
    expect((await get(`/api/reviews/${supplier.id}`, buyer)).data[0]).toMatchObject({
      reviewer: { companyName: 'Renamed Reviewers' },
    });
    expect((await received()).data[0]).toMatchObject({ reviewer: { companyName: 'Renamed Reviewers' } });
  });
});

describe('GET /api/messages/{id} kept per participant', () => {
  it('shows a new message and a read at once, and stops answering once the conversation is gone', async () => {
    const buyer = await t.createUser({ role: 'buyer' });
    const supplier = await t.createUser({ role: 'supplier' });
    const sent = await t.request('POST', '/api/sendMessage', {
      token: buyer.token,
      body: { recipientId: supplier.id, text: 'Delivery on Friday?' },
    });
    const conversationId = sent.body.data.conversationId as string;
    const thread = async (user: TestUser) => get(`/api/messages/${conversationId}`, user);
    expect((await thread(supplier)).data.map((m) => m.text)).toEqual(['Delivery on Friday?']);

    await hidden(sql`update messages set text = 'Hidden' where conversation_id = ${conversationId}`);
    expect((await thread(supplier)).data.map((m) => m.text)).toEqual(['Delivery on Friday?']);

    await t.db.execute(
      sql`insert into messages (conversation_id, sender_id, recipient_id, text, created_at)
          values (${conversationId}, ${supplier.id}, ${buyer.id}, 'Friday works.', now() + interval '1 second')`,
    );
    const after = await thread(supplier);
    expect(after.data.map((m) => m.text)).toEqual(['Hidden', 'Friday works.']);
    expect(after.meta.total).toBe(2);

    await t.db.execute(sql`update messages set read_at = now() where recipient_id = ${buyer.id}`);
    expect((await thread(supplier)).data.map((m) => m.read)).toEqual([false, true]);

    await t.db.execute(sql`delete from conversations where id = ${conversationId}`);
    expect((await t.request('GET', `/api/messages/${conversationId}`, { token: supplier.token })).status).toBe(404);
  });
});

describe('GET /api/bid-assist kept per supplier', () => {
  it('shows a new request, a status change, this month’s usage and the supplier’s new address written by any path at once', async () => {
    const buyer = await t.createUser({ role: 'buyer' });
    const supplier = await t.createUser({ role: 'supplier', plan: 'GROWTH' });
    const tender = await t.request('POST', '/api/tender', { token: buyer.token, body: tenderBody() });
    expect(tender.status, JSON.stringify(tender.body)).toBe(201);
    const history = async () =>
      get('/api/bid-assist', supplier) as Promise<{
        data: { id: string; status: string; message: string; supplier: { email: string } }[];
        meta: { total: number; usage: { used: number } };
      }>;
    expect((await history()).meta).toMatchObject({ total: 0, usage: { used: 0 } });

    const created = await t.request('POST', '/api/bid-assist', {
      token: supplier.token,
      body: {
        tenderId: tender.body.data.id,
        message: 'Please check our pricing.',
        deadline: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    expect((await history()).meta).toMatchObject({ total: 1, usage: { used: 1 } });

    await hidden(sql`update bid_assist_requests set message = 'Hidden' where id = ${id}`);
    expect((await history()).data[0]).toMatchObject({ message: 'Please check our pricing.' });

    await t.db.execute(sql`update bid_assist_requests set status = 'in_review' where id = ${id}`);
    expect((await history()).data[0]).toMatchObject({ status: 'in_review', message: 'Hidden' });

    await t.db.execute(sql`update usage_counters set used = used + 1 where user_id = ${supplier.id}`);
    expect((await history()).meta.usage.used).toBe(2);

    // the request itself (GET /api/bid-assist/{id}), kept the same way for its supplier
    const detail = async () => (await t.request('GET', `/api/bid-assist/${id}`, { token: supplier.token })).body.data;
    expect(await detail()).toMatchObject({ status: 'in_review', reply: null });
    await hidden(sql`update bid_assist_requests set message = 'Hidden again' where id = ${id}`);
    expect(await detail()).toMatchObject({ message: 'Hidden' });
    await t.db.execute(sql`update bid_assist_requests set status = 'completed', reply = 'Priced.' where id = ${id}`);
    expect(await detail()).toMatchObject({ status: 'completed', reply: 'Priced.', message: 'Hidden again' });
    expect((await t.request('GET', `/api/bid-assist/${id}`, { token: buyer.token })).status).not.toBe(200);

    // the supplier's e-mail address shows on each request
    await t.db.execute(sql`update users set email = ${`moved-${supplier.id}@example.com`} where id = ${supplier.id}`);
    expect((await history()).data[0]).toMatchObject({ supplier: { email: `moved-${supplier.id}@example.com` } });
  });
});

describe('GET /api/billing/info kept per user', () => {
  it('shows a cancellation, usage and an invoice written by any path at once, and a period end as it passes', async () => {
    const buyer = await t.createUser({ role: 'buyer', plan: 'GROWTH' });
    const info = async () => (await t.request('GET', '/api/billing/info', { token: buyer.token })).body.data;
    // the period ends 2.5 s from now, set unseen by the triggers: only the clock can end it
    await hidden(
      sql`update subscriptions set current_period_end = now() + interval '2.5 seconds' where user_id = ${buyer.id}`,
    );
    expect(await info()).toMatchObject({ hasActiveSubscription: true, subscription: { cancelAtPeriodEnd: false } });

    await hidden(sql`update subscriptions set promo_code = 'HIDDEN' where user_id = ${buyer.id}`);
    expect((await info()).subscription.promoCode).toBeNull();

    await t.db.execute(sql`update subscriptions set cancel_at_period_end = true where user_id = ${buyer.id}`);
    expect(await info()).toMatchObject({
      subscription: { cancelAtPeriodEnd: true, promoCode: 'HIDDEN' },
      renewalDate: null,
    });

    await t.db.execute(
      sql`insert into usage_counters (user_id, kind, month, used) values (${buyer.id}, 'uploads', ${(await info()).usageMonth}, 3)`,
    );
    expect((await info()).usage.uploads.used).toBe(3);

    await t.db.execute(sql`update users set selected_cycle = 'yearly' where id = ${buyer.id}`);
    expect((await info()).selectedCycle).toBe('yearly');

    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(await info()).toMatchObject({ hasActiveSubscription: false });
  });
});

describe('GET /api/settings/billing kept per user', () => {
  it('shows saved details and a company rename at once', async () => {
    const buyer = await t.createUser({ role: 'buyer', companyName: 'Details Ltd' });
    const details = async () => (await t.request('GET', '/api/settings/billing', { token: buyer.token })).body.data;
    expect(await details()).toMatchObject({ companyName: 'Details Ltd', city: null });

    await hidden(sql`update users set company_name = 'Hidden Ltd' where id = ${buyer.id}`);
    expect(await details()).toMatchObject({ companyName: 'Details Ltd' });

    await t.db.execute(sql`update users set company_name = 'Renamed Ltd' where id = ${buyer.id}`);
    expect(await details()).toMatchObject({ companyName: 'Renamed Ltd' });

    await t.db.execute(
      sql`insert into billing_accounts (user_id, city) values (${buyer.id}, 'Leeds')
          on conflict (user_id) do update set city = 'Leeds'`,
    );
    expect(await details()).toMatchObject({ companyName: 'Renamed Ltd', city: 'Leeds' });
  });
});
