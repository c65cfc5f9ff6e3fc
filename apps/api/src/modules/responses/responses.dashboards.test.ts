import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subHours } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { tenderResponseVersions, tenders } from '../../db/schema/index.ts';
import { postOpenTender, submitResponse } from '../../../test/builders.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/**
 * The buyer and supplier dashboards count tender responses: how many were received / submitted,
 * the supplier's win rate over decided responses, and the average hours from a tender's
 * publication to a response's first submission. The dashboards are cached per version
 * (modules/dashboard/README.md): a response written by any path must show on the next read.
 */
let t: TestApp;
let buyer: TestUser;
let winner: TestUser;
let loser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, winner, loser] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Dashboard Buyer Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Winning Steel Ltd' }),
    t.createUser({ role: 'supplier', companyName: 'Second Steel Ltd' }),
  ]);
});
afterAll(() => t.close());

const dashboard = async (who: TestUser) => {
  const res = await t.request('GET', `/api/analytics/${who.role}`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

const openTender = () =>
  postOpenTender(t, buyer, {
    title: 'Steel lintels for a housing scheme',
    description: 'Supply galvanised steel lintels for 40 new homes in Leeds.',
    category: 'structural-steel',
    region: 'north-west',
    deadlineInDays: 20,
  });

const respond = (tenderId: string, who: TestUser, unitPrice: number) =>
  submitResponse(t, tenderId, who, { description: 'Lintels', quantity: 40, unitPrice, leadTimeDays: 14 });

describe('dashboards count tender responses', () => {
  it('before any response: zero counts, no rate and no average time', async () => {
    expect((await dashboard(buyer)).tenderResponses).toEqual({
      received: 0,
      tendersWithResponses: 0,
      awardRate: { numerator: 0, denominator: 0, rate: null },
      averageResponseHours: null,
    });
    expect((await dashboard(winner)).tenderResponses).toEqual({
      submitted: 0,
      awarded: 0,
      unsuccessful: 0,
      winRate: { numerator: 0, denominator: 0, rate: null },
      averageResponseHours: null,
    });
  });

  it('responses, the award and the time to respond show on the next read of both dashboards (cached ones included)', async () => {
    const tenderId = await openTender();
    // read once so both dashboards are cached before the responses arrive
    await dashboard(buyer);
    await dashboard(winner);
    const published = subHours(new Date(), 10);
    await t.db.update(tenders).set({ publishedAt: published }).where(eq(tenders.id, tenderId));
    const won = await respond(tenderId, winner, 12.5);
    const lost = await respond(tenderId, loser, 14);
    // first submissions 4 h and 8 h after publication (the version rows say when)
    await t.db
      .update(tenderResponseVersions)
      .set({ submittedAt: subHours(new Date(), 6) })
      .where(eq(tenderResponseVersions.responseId, won));
    await t.db
      .update(tenderResponseVersions)
      .set({ submittedAt: subHours(new Date(), 2) })
      .where(eq(tenderResponseVersions.responseId, lost));
    // a draft is not counted anywhere
    const other = await openTender();
    const draft = await t.request('POST', `/api/tender/${other}/responses`, {
      token: winner.token,
      body: { lines: [], status: 'draft' },
    });
    expect(draft.status).toBe(201);

    const b1 = await dashboard(buyer);
    expect(b1.tenderResponses).toMatchObject({
      received: 2,
      tendersWithResponses: 1,
      awardRate: { numerator: 0, denominator: 1 },
    });
    expect(b1.tenderResponses.averageResponseHours).toBeCloseTo(6, 0);
    expect(b1.responseRate.numerator).toBeGreaterThanOrEqual(1);
    const w1 = await dashboard(winner);
    expect(w1.tenderResponses).toMatchObject({ submitted: 1, awarded: 0, unsuccessful: 0, winRate: { rate: null } });
    expect(w1.tenderResponses.averageResponseHours).toBeCloseTo(4, 0);

    const award = await t.request('POST', `/api/responses/${won}/award`, { token: buyer.token, body: {} });
    expect(award.status, JSON.stringify(award.body)).toBe(200);

    const b2 = await dashboard(buyer);
    expect(b2.tenderResponses).toMatchObject({
      received: 2,
      tendersWithResponses: 1,
      awardRate: { numerator: 1, denominator: 1, rate: 1 },
    });
    expect((await dashboard(winner)).tenderResponses).toMatchObject({
      submitted: 1,
      awarded: 1,
      unsuccessful: 0,
      winRate: { numerator: 1, denominator: 1, rate: 1 },
    });
    const l2 = await dashboard(loser);
    expect(l2.tenderResponses).toMatchObject({
      submitted: 1,
      awarded: 0,
      unsuccessful: 1,
      winRate: { numerator: 0, denominator: 1, rate: 0 },
    });
    expect(l2.tenderResponses.averageResponseHours).toBeCloseTo(8, 0);
  });

  it('a response changed straight in the database (any code path) raises both dashboards’ versions', async () => {
    const tenderId = await openTender();
    const id = await respond(tenderId, winner, 10);
    const before = (await dashboard(winner)).tenderResponses.submitted;
    const beforeBuyer = (await dashboard(buyer)).tenderResponses.received;
    await t.db.execute(sql`update tender_responses set status = 'withdrawn', withdrawn_at = now() where id = ${id}`);
    expect((await dashboard(winner)).tenderResponses.submitted).toBe(before - 1);
    expect((await dashboard(buyer)).tenderResponses.received).toBe(beforeBuyer - 1);
  });
});
