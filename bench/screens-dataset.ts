import { sql } from 'drizzle-orm';
import pg from 'pg';
import { connect } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { demoSeeders } from '../apps/api/src/db/seed/index.ts';
import { seedListingsDataset } from './matching.ts';
import { line } from './lib.ts';
import { seedNotices } from './search.ts';

/**
 * The dataset the screens are benched on (docs/design.md section 8): the demo accounts and their demo
 * data, then 100k catalogue items, 20k tenders (with their vectors), 100k live-feed notices, and
 * the messages and notifications of a busy marketplace: each demo buyer and supplier has hundreds
 * of conversations and thousands of notifications, and 2,000 other people have theirs.
 * The bulk seed uses one connection: its template tables are temporary, so they live in one session.
 */
export async function seedScreensDataset(url: string, out: string[]): Promise<void> {
  // The demo seed runs statements side by side, so it gets a pool of its own.
  const demo = connect(url, 4);
  try {
    await seedDemo(demo.db, demoSeeders);
  } finally {
    await demo.close();
  }
  const database = connect(url, 1);
  const db = database.db;
  try {
    await seedListingsDataset(db, out); // users, items, tenders, vectors; vacuums
    await db.execute(sql`drop table if exists tpl`);
    await seedNotices(db, 100_000);
    await db.execute(sql`drop table if exists tpl`);
    // Conversations: each demo buyer/supplier with 400 people, and 4,000 between the others.
    await db.execute(sql`
      with demo as (select id, role from users where email in ('buyer@brickyard.test', 'supplier@brickyard.test')),
      other as (select id, role, row_number() over (partition by role order by email) as k from users where email like 'bench-%'),
      pairs as (
        select d.id as a, o.id as b from demo d join other o on o.role <> d.role and o.k <= 400
        union all
        select b1.id, s1.id from other b1 cross join generate_series(1, 4) g(n)
          join other s1 on b1.role = 'buyer' and s1.role = 'supplier' and s1.k = 1 + (b1.k * 7 + g.n) % 1000
      )
      insert into conversations (user_low_id, user_high_id)
      select distinct least(a, b), greatest(a, b) from pairs`);
    await db.execute(sql`
      insert into conversation_participants (conversation_id, user_id)
      select id, user_low_id from conversations union all select id, user_high_id from conversations
      on conflict do nothing`); // the demo seed's own conversations have theirs already
    // Five messages in each, alternating sender, the last two unread.
    await db.execute(sql`
      insert into messages (conversation_id, sender_id, recipient_id, text, created_at, read_at)
      select c.id, case when m % 2 = 0 then c.user_low_id else c.user_high_id end, case when m % 2 = 0 then c.user_high_id else c.user_low_id end,
        'Message ' || m || ': is the order still on for next week? Delivery to gate 2 from 7am.',
        now() - make_interval(mins => (row_number() over ())::int * 3 + (5 - m)), case when m < 4 then now() end
      from conversations c cross join generate_series(1, 5) m`);
    await db.execute(sql`
      update conversations c set last_message_id = l.id, last_message_at = l.created_at
      from (select distinct on (conversation_id) conversation_id, id, created_at from messages order by conversation_id, created_at desc, id desc) l
      where l.conversation_id = c.id`);
    // Notifications: 3,000 for each demo account, 25 for every other person; a tenth unread.
    await db.execute(sql`
      insert into notifications (user_id, kind, title, body, link, created_at, read_at)
      select u.id, 'match', 'New match: ' || g, 'A new tender matches your catalogue (' || g || ').', '/tenders', now() - make_interval(mins => g),
        case when g % 10 <> 0 then now() end
      from users u cross join lateral generate_series(1, case when u.email like 'bench-%' then 25 else 3000 end) g
      where u.email like 'bench-%' or u.email in ('buyer@brickyard.test', 'supplier@brickyard.test')`);
    await db.execute(sql`create table bench_screens_seeded (at timestamptz default now())`);
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

/**
 * The demo supplier's own responses and bid-assist requests, made through the running API (the
 * SQL seed has none, and a bid pack is written by the service at submission): 20 responses to
 * open tenders of other buyers (submitted, or a draft where the tender asks for answers the bench
 * cannot give) and up to 20 bid-assist requests on live-feed notices (as many as the plan lets).
 * Skipped when a kept database has them already.
 */
export async function seedSupplierRecords(base: string, token: string, url: string, out: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = async (q: string) => (await client.query<{ v: string }>(q)).rows.map((r) => r.v);
    const supplier = `(select id from users where email = 'supplier@brickyard.test')`;
    const [{ n: had }] = (
      await client.query<{ n: number }>(
        `select (select count(*) from tender_responses where supplier_id = ${supplier})::int +
                (select count(*) from bid_assist_requests where supplier_id = ${supplier})::int as n`,
      )
    ).rows as [{ n: number }];
    if (had >= 20) return;
    const post = (p: string, body: unknown) =>
      fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const tenders = await ids(
      `select id::text as v from tenders where status = 'active' and deadline > now() + interval '2 days'
       and user_id <> ${supplier} order by md5(id::text) limit 20`,
    );
    let responses = 0;
    for (const id of tenders) {
      const bid = {
        lines: [{ description: 'Supply and deliver as specified', quantity: 1, unitPrice: 12500 }],
        leadTimeDays: 21,
        validityDays: 90,
        note: 'Price includes delivery to site.',
        requirementAnswers: [],
      };
      let res = await post(`/api/tender/${id}/responses`, { ...bid, status: 'submitted' });
      if (!res.ok) res = await post(`/api/tender/${id}/responses`, { ...bid, status: 'draft' });
      await res.arrayBuffer();
      if (res.ok) responses++;
    }
    let requests = 0;
    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString();
    for (const id of await ids(`select id::text as v from external_tenders order by md5(id::text) limit 20`)) {
      const res = await post('/api/bid-assist', {
        externalTenderId: id,
        message: 'Please review our bid for this notice before we submit it.',
        deadline,
      });
      await res.arrayBuffer();
      if (!res.ok) break; // the plan's monthly limit
      requests++;
    }
    out.push(
      line(
        "the demo supplier's responses and bid-assist requests (through the API)",
        `${responses} + ${requests}`,
        'info',
        true,
      ),
    );
  } finally {
    await client.end();
  }
}
