import { sql } from 'drizzle-orm';
import { addDays } from 'date-fns';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.ts';

/**
 * Match recomputation is a job written with the change: a tender saved on an instance that stops
 * before scoring it is scored by the next instance on the same database.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close().catch(() => undefined);
});

const pairsOf = async (t: TestApp, tenderId: string) =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from matches where tender_id = ${tenderId}`))
    .rows[0]!.n;
const waitingMatchJobs = async (t: TestApp) =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'matching' and state in ('created', 'retry')`,
    )
  ).rows[0]!.n;

describe('durable matching jobs', () => {
  it('a tender saved just before a restart is scored by the next instance', async () => {
    // An instance that queues jobs but runs none stands in for one that stopped before its worker got there.
    const first = await createTestApp({
      jobs: { workers: false, pollSeconds: 0.5, mailRetryLimit: 3, mailRetryDelaySeconds: 1 },
    });
    apps.push(first);
    const supplier = await first.createUser({ role: 'supplier' });
    const buyer = await first.createUser({ role: 'buyer' });
    const item = await first.request('POST', '/api/catalogue', {
      token: supplier.token,
      body: {
        title: 'S355 universal steel beams',
        description: 'Hot rolled structural steel universal beams and columns, cut to length, CE marked.',
        category: 'structural-steel',
        subcategories: ['beams-and-columns'],
        value: 1150,
        quantity: 500,
        region: 'north-west',
        deliveryLocations: ['North West'],
      },
    });
    expect(item.status).toBe(201);
    const tender = await first.request('POST', '/api/tender', {
      token: buyer.token,
      body: {
        title: 'Structural steel beams for a warehouse frame',
        description: 'Supply of S355 universal beams and columns for the portal frame of a warehouse.',
        category: 'structural-steel',
        subcategories: ['beams-and-columns'],
        budget: 260_000,
        quantity: 200,
        region: 'north-west',
        deadline: addDays(new Date(), 30).toISOString(),
        status: 'active',
      },
    });
    expect(tender.status).toBe(201);
    const tenderId = tender.body.data.id as string;
    await new Promise((r) => setTimeout(r, 1000));
    expect(await pairsOf(first, tenderId)).toBe(0);
    expect(await waitingMatchJobs(first)).toBe(2); // the item's and the tender's, both committed with them
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await createTestApp(
      { jobs: { workers: true, pollSeconds: 0.5, mailRetryLimit: 3, mailRetryDelaySeconds: 1 } },
      { databaseUrl: first.databaseUrl },
    );
    apps.push(second);
    // Both jobs run on the new instance (the item's may pair it with the tender first).
    const until = Date.now() + 15_000;
    while ((await waitingMatchJobs(second)) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await waitingMatchJobs(second)).toBe(0);
    expect(await pairsOf(second, tenderId)).toBeGreaterThan(0);
  });
});
