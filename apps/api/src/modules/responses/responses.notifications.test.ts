import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from 'date-fns';
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { catalogueItems, matches, notifications } from '../../db/schema/index.ts';
import { postOpenTender, submitResponse } from '../../../test/builders.ts';
import { createTestApp, memoryMailer, type TestApp, type TestUser } from '../../../test/harness.ts';
import { connectSse, type SseClient } from '../../../test/sse.ts';
import { flushEmailDigests } from '../notifications/notifications.digest.ts';

/**
 * Every response event reaches the people concerned in the app, live on their realtime stream,
 * and by mail as each user chose in their notification settings: a new response (buyer), a
 * published answer (interested suppliers), shortlisting, award and the outcome (suppliers).
 */
let t: TestApp;
let buyer: TestUser;
let winner: TestUser;
let loser: TestUser;
let quiet: TestUser;
let matched: TestUser;
let bystander: TestUser;
const streams: SseClient[] = [];

beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  // mail as soon as the digest runs, at most once per 15 minutes per user
  t = await createTestApp({ messaging: { ...base.messaging, digestDelaySeconds: 0, digestWindowSeconds: 900 } });
  [buyer, winner, loser, quiet, matched, bystander] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Harbour Homes Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Winning Joinery Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Runner-up Joinery Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Quiet Joinery Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Matched Timber Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Unrelated Glass Ltd' }),
  ]);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

const silent = { warn: () => undefined, info: () => undefined };
/** Runs the mail digest once (everyone due at once) and answers what it sent, per address. */
async function flushMails() {
  await t.db.execute(sql`update notification_settings set last_emailed_at = null`);
  const mailer = memoryMailer();
  await flushEmailDigests({ db: t.db, mailer, config: t.config, log: silent });
  return (user: TestUser) => mailer.sent.filter((m) => m.to === user.email);
}
async function stream(user: TestUser) {
  const ticket = await t.request('POST', '/api/realtime/ticket', { token: user.token });
  const client = await connectSse(`${t.url}/api/realtime/stream?ticket=${encodeURIComponent(ticket.body.data.ticket)}`);
  streams.push(client);
  await client.next((e) => e.event === 'ready');
  return client;
}
const inApp = (user: TestUser, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.kind, kind)));

const openTender = () =>
  postOpenTender(t, buyer, {
    title: 'Oak staircases for six townhouses',
    description: 'Supply and fit six solid oak staircases with glass balustrades in Bristol.',
    category: 'timber',
    region: 'south-west',
    deadlineInDays: 14,
  });
const respond = (tenderId: string, who: TestUser, unitPrice: number) =>
  submitResponse(t, tenderId, who, { description: 'Oak staircase', quantity: 6, unitPrice, leadTimeDays: 28 });

describe('response events: in-app, live and by mail as each user chose', () => {
  it('new response (buyer), shortlist, award and outcome (suppliers) arrive live and by mail; a supplier who turned outcome mail off gets none', async () => {
    const off = await t.request('PUT', '/api/settings/notifications', {
      token: quiet.token,
      body: { kinds: { response_outcome: { email: false } } },
    });
    expect(off.status).toBe(200);
    await flushMails(); // whatever earlier steps queued
    const tenderId = await openTender();
    const buyerLive = await stream(buyer);
    const winnerLive = await stream(winner);

    const won = await respond(tenderId, winner, 2400);
    const live = await buyerLive.next((e) => e.event === 'response.changed' && e.data.tenderId === tenderId);
    expect(live.data).toEqual({ tenderId }); // no content: the tab asks the API, which applies the sealing rules
    await buyerLive.next((e) => e.event === 'notification.created' && e.data.kind === 'tender_response');
    await respond(tenderId, loser, 2650);
    await respond(tenderId, quiet, 2700);
    const toBuyer = (await flushMails())(buyer);
    expect(toBuyer).toHaveLength(1);
    // one digest: the three responses under one heading, the latest shown
    expect(toBuyer[0]!.text).toContain('New response to your tender (3)');
    expect(toBuyer[0]!.text).toContain('Quiet Joinery Ltd submitted a response');
    expect(toBuyer[0]!.text).toContain(`/buyer/tender/${tenderId}?tab=responses`);

    expect(
      (await t.request('POST', `/api/responses/${won}/shortlist`, { token: buyer.token, body: { shortlisted: true } }))
        .status,
    ).toBe(200);
    await winnerLive.next((e) => e.event === 'response.changed' && e.data.tenderId === tenderId);
    await winnerLive.next(
      (e) =>
        e.event === 'notification.created' &&
        e.data.kind === 'response_outcome' &&
        e.data.title === 'Your response was shortlisted',
    );

    const award = await t.request('POST', `/api/responses/${won}/award`, { token: buyer.token, body: {} });
    expect(award.status, JSON.stringify(award.body)).toBe(200);
    await winnerLive.next((e) => e.event === 'notification.created' && e.data.title === 'Your response won the tender');

    const mailsTo = await flushMails();
    const toWinner = mailsTo(winner);
    expect(toWinner).toHaveLength(1);
    expect(toWinner[0]!.text).toContain('won the tender');
    const toLoser = mailsTo(loser);
    expect(toLoser).toHaveLength(1);
    expect(toLoser[0]!.text).toContain('ranked 2 of 3');
    expect(toLoser[0]!.text).toContain('£1,500.00 above the winning response');
    // quiet turned outcome mail off: told in the app, not by mail
    expect(mailsTo(quiet)).toEqual([]);
    expect((await inApp(quiet, 'response_outcome')).map((n) => n.title)).toEqual(['Your response was not successful']);
  });

  it('a published answer reaches the suppliers who responded, asked or were matched (asker unnamed), in the app and by mail; nobody else', async () => {
    const tenderId = await openTender();
    // The tender's own scoring runs as a background job and rewrites its matches: let it finish
    // first, or it may remove the match this test sets by hand.
    for (let i = 0; i < 150; i += 1) {
      const { rows } = await t.db.execute<{ done: boolean }>(
        sql`select v.matched_at >= t.updated_at as done from tenders t join tender_vectors v on v.tender_id = t.id where t.id = ${tenderId}`,
      );
      if (rows[0]?.done) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [item] = await t.db
      .insert(catalogueItems)
      .values({
        userId: matched.id,
        title: 'Oak staircase kit',
        description: 'Solid oak staircases',
        category: 'joinery',
      })
      .returning();
    await t.db
      .insert(matches)
      .values({ tenderId, catalogueItemId: item!.id, score: 80, reasons: [] })
      .onConflictDoNothing();
    await respond(tenderId, winner, 2500);
    const q = await t.request('POST', `/api/tender/${tenderId}/questions`, {
      token: loser.token,
      body: { text: 'Are the balustrades toughened glass?' },
    });
    expect(q.status).toBe(201);
    await flushMails();

    const answer = await t.request('POST', `/api/questions/${q.body.data.id}/answer`, {
      token: buyer.token,
      body: { text: 'Yes, 10 mm toughened.', publish: true },
    });
    expect(answer.status).toBe(200);
    for (const who of [winner, matched]) {
      const told = await inApp(who, 'tender_question');
      expect(told.map((n) => n.title)).toContain('A clarification was published');
      expect(told.every((n) => !n.body.includes('Runner-up'))).toBe(true);
    }
    expect((await inApp(loser, 'tender_question')).map((n) => n.title)).toContain('Your question was answered');
    expect(await inApp(bystander, 'tender_question')).toEqual([]);
    const mailed = (await flushMails())(matched);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.text).toContain('published an answer');
    expect(mailed[0]!.text).not.toContain('Runner-up Joinery');
    // every supplier sees the published Q&A on the tender, the asker unnamed
    const seen = await t.request('GET', `/api/tender/${tenderId}/questions`, { token: bystander.token });
    expect(seen.body.data).toEqual([
      expect.objectContaining({
        text: 'Are the balustrades toughened glass?',
        answer: 'Yes, 10 mm toughened.',
        askerCompanyName: null,
        mine: false,
      }),
    ]);
  });
});

describe('sealed responses', () => {
  it('while sealed, the buyer hears that a response arrived but not who sent it or its price', async () => {
    const res = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: {
        title: 'Sealed bid for bespoke sash windows',
        description: 'Twelve timber sash windows for a listed terrace in Bath, made and fitted.',
        category: 'timber',
        region: 'south-west',
        deadline: addDays(new Date(), 14).toISOString(),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const tenderId = res.body.data.id as string;
    const bidder = await t.createUser({ role: 'supplier', companyName: 'Sealed Sash Co' });
    const responseId = await respond(tenderId, bidder, 3100);
    const list = await t.request('GET', '/api/notifications', { token: buyer.token });
    const mine = list.body.data.filter(
      (n: { kind: string; body: string }) =>
        n.kind === 'tender_response' && n.body.includes('Sealed bid for bespoke sash windows'),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0].body).toMatch(/^A supplier submitted a response/);
    expect(mine[0].body).not.toContain('£');
    const withdrawn = await t.request('POST', `/api/responses/${responseId}/withdraw`, { token: bidder.token });
    expect(withdrawn.status).toBe(200);
    const after = await t.request('GET', '/api/notifications', { token: buyer.token });
    const gone = after.body.data.find((n: { body: string }) => n.body.includes('withdrew its response to “Sealed bid'));
    expect(gone.body).toMatch(/^A supplier withdrew/);
  });
});
