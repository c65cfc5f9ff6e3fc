import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_JOBS } from '../../../test/smtp-app.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { tenderBody } from '../../../test/builders.ts';
import { matches } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { createMatchingService } from './matching.service.ts';

let t: TestApp;
beforeAll(async () => {
  // no workers: the test runs the matching itself, at the moment it chooses
  t = await createTestApp({ jobs: { ...FAST_JOBS, workers: false } });
});
afterAll(async () => {
  await t.close();
});

/** Resolves once a backend other than `exceptPid` waits on a lock (at most 5 s). */
async function someoneWaits(client: pg.Client, exceptPid: number) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query(
      `select 1 from pg_stat_activity where wait_event_type = 'Lock' and pid <> $1 and datname = current_database()`,
      [exceptPid],
    );
    if (rows.length) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nobody waited on a lock');
}

const itemBody = (title: string) => ({
  title,
  description: 'Beams and columns for office blocks, BS EN 1090 EXC2',
  category: 'structural-steel',
  value: 180000,
});

/**
 * Deletes `table`'s row `id` as the services do (tenders.service.ts and catalogue.service.ts: the
 * row FOR UPDATE, then the delete, whose cascade takes the listing's pairs) while `store` stores its
 * pairs, `store` having to wait: answers how the storing ended.
 */
async function deleteWhileStoring(table: 'tenders' | 'catalogue_items', id: string, store: () => Promise<unknown>) {
  const deleting = new pg.Client({ connectionString: t.databaseUrl });
  await deleting.connect();
  const watcher = new pg.Client({ connectionString: t.databaseUrl });
  await watcher.connect();
  try {
    await deleting.query('begin');
    await deleting.query(`select id from ${table} where id = $1 for update`, [id]);
    const storing = store().then(
      () => 'stored',
      (err: Error & { cause?: Error }) => `failed: ${err.cause?.message ?? err.message}`,
    );
    const { rows } = await deleting.query<{ pid: number }>('select pg_backend_pid() as pid');
    await someoneWaits(watcher, rows[0]!.pid);
    // Before holdSubject the storing held the first pair and waited for the listing's key; this
    // delete then waited for that pair: a deadlock, which PostgreSQL broke by failing one of the two.
    await deleting.query(`delete from ${table} where id = $1`, [id]);
    await deleting.query('commit');
    return await storing;
  } finally {
    await deleting.end();
    await watcher.end();
  }
}

describe('storing matches while a listing is deleted', () => {
  it('a catalogue item deleted while its matches are being stored: the delete goes through, and nothing is stored for it', async () => {
    const supplier = await t.createUser({ role: 'supplier' });
    const buyer = await t.createUser({ role: 'buyer' });
    const matching = createMatchingService({ db: t.db } as AppContext);
    const first = await t.request('POST', '/api/tender', { token: buyer.token, body: tenderBody() });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const item = await t.request('POST', '/api/catalogue', {
      token: supplier.token,
      body: itemBody('Structural steel frame, S355, fabricated and erected'),
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const itemId = item.body.data.id as string;
    // its pair with the first tender is stored; a second tender makes a new pair on the next scoring
    await matching.compute('catalogue_item', itemId);
    expect(await t.db.select().from(matches).where(eq(matches.catalogueItemId, itemId))).toHaveLength(1);
    const second = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: tenderBody({ title: 'Structural steel frame for a warehouse extension' }),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);

    expect(await deleteWhileStoring('catalogue_items', itemId, () => matching.compute('catalogue_item', itemId))).toBe(
      'stored',
    );
    expect(await t.db.select().from(matches).where(eq(matches.catalogueItemId, itemId))).toEqual([]);
  });

  it('a tender deleted while its matches are being stored: the delete goes through, and nothing is stored for it', async () => {
    const supplier = await t.createUser({ role: 'supplier' });
    const buyer = await t.createUser({ role: 'buyer' });
    const matching = createMatchingService({ db: t.db } as AppContext);
    const first = await t.request('POST', '/api/catalogue', {
      token: supplier.token,
      body: itemBody('Structural steel frame, S355, fabricated and erected'),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const tender = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: tenderBody({ title: 'Structural steel frame for a school sports hall' }),
    });
    expect(tender.status, JSON.stringify(tender.body)).toBe(201);
    const tenderId = tender.body.data.id as string;
    await matching.compute('tender', tenderId);
    const stored = await t.db.select().from(matches).where(eq(matches.tenderId, tenderId));
    expect(stored.length).toBeGreaterThan(0);
    const second = await t.request('POST', '/api/catalogue', {
      token: supplier.token,
      body: itemBody('Structural steel frame for sports halls and schools'),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);

    expect(await deleteWhileStoring('tenders', tenderId, () => matching.compute('tender', tenderId))).toBe('stored');
    expect(await t.db.select().from(matches).where(eq(matches.tenderId, tenderId))).toEqual([]);
  });
});
