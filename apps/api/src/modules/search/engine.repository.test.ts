import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cloneTemplateDatabase } from '../../../test/harness.ts';
import { connect, type Database } from '../../db/client.ts';
import { externalTenders } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { trainDivisionModel } from './division-model.ts';
import { explain, freshStats, rank, readNotice } from './engine.ts';
import * as repo from './engine.repository.ts';

/**
 * Every search reads its source's version (engine.repository sourceVersion); searches in flight at
 * once share one read, and still see every write committed before they asked.
 */
let database: Database;
let versionReads = 0;
let headlineReads = 0;

beforeAll(async () => {
  database = connect((await cloneTemplateDatabase()).url, 4);
  // count the version statements the pool is sent
  const query = database.pool.query.bind(database.pool) as (...args: unknown[]) => unknown;
  (database.pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const config = args[0] as { name?: string } | string;
    if (typeof config === 'object' && config.name?.startsWith('search_version_')) versionReads++;
    const text = typeof config === 'string' ? config : (config as { text?: string }).text;
    if (text?.includes('ts_headline')) headlineReads++;
    return query(...args);
  };
}, 120_000);
afterAll(() => database?.close());

const insertNotice = () =>
  database.db.insert(externalTenders).values({
    ocid: `ocds-test-${crypto.randomUUID()}`,
    releaseId: crypto.randomUUID(),
    origin: 'contracts-finder',
    title: 'Version probe',
    date: new Date(),
    tenderStatus: 'active',
    contentHash: crypto.randomUUID(),
    cpvCodes: [],
  });

describe("a source's version (engine.repository sourceVersion)", () => {
  it('is read once for the searches that ask in the same turn of the event loop', async () => {
    const { db } = database;
    versionReads = 0;
    const versions = await Promise.all(
      Array.from({ length: 50 }, () => repo.sourceVersion(db, repo.SOURCE_SQL.external)),
    );
    expect(versionReads).toBe(1);
    expect(new Set(versions).size).toBe(1);
  });

  it('is read again for a search that asks after the read was sent, and shows a write committed in between', async () => {
    const { db } = database;
    versionReads = 0;
    const first = repo.sourceVersion(db, repo.SOURCE_SQL.external);
    // the shared read is sent at the next turn; a write commits after it
    await new Promise((resolve) => setImmediate(resolve));
    await insertNotice();
    const second = await repo.sourceVersion(db, repo.SOURCE_SQL.external);
    expect(versionReads).toBe(2);
    // the newest write as the table holds it now
    const max = await db.execute<{ v: string } & Record<string, unknown>>(
      sql`select max(updated_at)::text as v from external_tenders`,
    );
    expect(second.split('|')[0]).toBe(max.rows[0]!.v);
    await first;
  });

  it('inside a transaction is read on its connection, seeing its own writes', async () => {
    const { db } = database;
    const before = await repo.sourceVersion(db, repo.SOURCE_SQL.external);
    await db
      .transaction(async (tx) => {
        await tx.insert(externalTenders).values({
          ocid: `ocds-test-${crypto.randomUUID()}`,
          releaseId: crypto.randomUUID(),
          origin: 'contracts-finder',
          title: 'Uncommitted probe',
          date: new Date(),
          tenderStatus: 'active',
          contentHash: crypto.randomUUID(),
          cpvCodes: [],
        });
        expect(await repo.sourceVersion(tx, repo.SOURCE_SQL.external)).not.toBe(before);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await repo.sourceVersion(db, repo.SOURCE_SQL.external)).toBe(before);
  });
});

describe('why a hit is there (engine explain)', () => {
  it("reads a page's marked text once per result, and a written notice again under its new version", async () => {
    const { db } = database;
    const [row] = await db
      .insert(externalTenders)
      .values({
        ocid: `ocds-test-${crypto.randomUUID()}`,
        releaseId: crypto.randomUUID(),
        origin: 'contracts-finder',
        title: 'Belfry louvre repairs',
        description: 'Repairs to the oak louvres of the belfry.',
        date: new Date(),
        tenderStatus: 'active',
        contentHash: crypto.randomUUID(),
        cpvCodes: ['45261900'],
      })
      .returning({ id: externalTenders.id });
    await freshStats(db, 'external', true);
    const id = row!.id;
    const first = await rank(db, { source: 'external', text: 'belfry louvres', limit: 10 });
    headlineReads = 0;
    const a = await explain(db, first, 'external', [id]);
    const b = await explain(db, first, 'external', [id]);
    expect(headlineReads).toBe(1);
    expect(b.get(id)).toEqual(a.get(id));
    expect(
      a
        .get(id)!
        .snippet.filter((r) => r.hit)
        .map((r) => r.text.toLowerCase()),
    ).toContain('belfry');
    // the notice is written again: the next search is a new result, and its marked text is read anew
    await db
      .update(externalTenders)
      .set({ description: 'New belfry louvres in larch.', updatedAt: new Date() })
      .where(eq(externalTenders.id, id));
    const second = await rank(db, { source: 'external', text: 'belfry louvres', limit: 10 });
    expect(second).not.toBe(first);
    const c = await explain(db, second, 'external', [id]);
    expect(
      c
        .get(id)!
        .snippet.map((r) => r.text)
        .join(''),
    ).toContain('larch');
  });
});

describe("a notice's CPV reading with the division model (engine readNotice)", () => {
  it("leads with the model's division when the words match no label and no notice, and reads nothing without it", async () => {
    const model = trainDivisionModel(
      [
        { title: 'zorbling quxter', description: 'zorbling quxter plinth', codes: ['77310000'] },
        { title: 'zorbling quxter beds', codes: ['77300000'] },
        { title: 'flimber wodget', description: 'flimber wodget', codes: ['30190000'] },
        { title: 'flimber wodgets', codes: ['30192000'] },
      ],
      { passes: 100 },
    );
    const notice = { title: 'Zorbling quxter', description: 'quxter plinth' };
    expect(await readNotice(database.db, notice, { model: null })).toEqual([]);
    const read = await readNotice(database.db, notice, { model });
    expect(read[0]).toMatchObject({ code: '77000000', weight: 1 });
    expect(read[0]!.label).toMatch(/horticultur/i);
  });
});
