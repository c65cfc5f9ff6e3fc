import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/**
 * docs/product.md section 3 (unread counts on the conversation list and in total) kept by the counters of
 * migration 0018: whatever writes the messages (the API, or SQL straight to the table), the list's
 * per-conversation unread and the total must equal a count of the unread messages themselves.
 */
let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let other: TestUser;

const exec = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
const counted = async (userId: string) =>
  (
    await exec<{ n: number }>(
      sql`select count(*)::int as n from messages where recipient_id = ${userId} and read_at is null`,
    )
  )[0]!.n;
const listed = async (user: TestUser) => {
  const res = await t.request('GET', '/api/conversations', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; unreadCount: number }[];
};
const send = async (from: TestUser, to: TestUser, text: string) => {
  const res = await t.request('POST', '/api/sendMessage', { token: from.token, body: { recipientId: to.id, text } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; conversationId: string };
};

beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.createUser({ role: 'buyer' });
  other = await t.createUser({ role: 'buyer' });
  supplier = await t.createUser({ role: 'supplier' });
});
afterAll(() => t.close());

describe('docs/product.md §3 unread counts stay equal to the unread messages', () => {
  it('through sending, reading, SQL writes and deletes', async () => {
    const first = await send(buyer, supplier, 'One');
    await send(buyer, supplier, 'Two');
    const fromOther = await send(other, supplier, 'Three');
    await send(supplier, buyer, 'A reply');
    expect(await counted(supplier.id)).toBe(3);
    const list = await listed(supplier);
    expect(list.find((c) => c.id === first.conversationId)?.unreadCount).toBe(2);
    expect(list.find((c) => c.id === fromOther.conversationId)?.unreadCount).toBe(1);

    // Reading one conversation clears it alone.
    expect((await t.request('PUT', `/api/${first.conversationId}/read`, { token: supplier.token })).status).toBe(200);
    expect((await listed(supplier)).find((c) => c.id === first.conversationId)?.unreadCount).toBe(0);
    expect((await listed(buyer)).find((c) => c.id === first.conversationId)?.unreadCount).toBe(1);

    // Writes that bypass the API: several rows in one statement, a read, an unread, a delete.
    await exec(
      sql`insert into messages (conversation_id, sender_id, recipient_id, text)
          select ${first.conversationId}, ${buyer.id}, ${supplier.id}, 'bulk ' || g from generate_series(1, 5) g`,
    );
    await exec(
      sql`update messages set read_at = now() where recipient_id = ${supplier.id} and text in ('bulk 1', 'bulk 2')`,
    );
    await exec(sql`update messages set read_at = null where recipient_id = ${supplier.id} and text = 'One'`);
    await exec(sql`delete from messages where recipient_id = ${supplier.id} and text = 'bulk 5'`);
    const expected = await counted(supplier.id);
    expect(expected).toBe(4); // Three; and in the first conversation One again, bulk 3 and bulk 4
    const after = await listed(supplier);
    expect(after.reduce((n, c) => n + c.unreadCount, 0)).toBe(expected);
    expect(after.find((c) => c.id === first.conversationId)?.unreadCount).toBe(3);
  });

  it('the realtime total after a send is the count of unread messages', async () => {
    const { rows } = await t.db.execute(
      sql`select coalesce(sum(unread), 0)::int as n from conversation_participants where user_id = ${supplier.id}`,
    );
    expect((rows[0] as { n: number }).n).toBe(await counted(supplier.id));
  });
});
