import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { namedRawStatements } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const query = (n: number) =>
  sql`select ${n}::int as n, timestamptz '2026-11-27 10:00:00+00' as at, array[${n}, ${n + 1}]::int[] as pair`;

describe('raw statements prepared by their text', () => {
  it('answer what db.execute answers (times as text, arrays parsed) under one name per text', async () => {
    const run = namedRawStatements('test_named');
    const plain = (await t.db.execute(query(7))).rows;
    expect(await run(t.db, query(7))).toEqual(plain);
    // Other values, same text: the same statement on every connection that ran it.
    expect(await run(t.db, query(8))).toEqual([{ n: 8, at: '2026-11-27 10:00:00+00', pair: [8, 9] }]);
    const runs = await Promise.all(Array.from({ length: 30 }, (_, i) => run(t.db, query(i))));
    expect(runs.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // Asked through the same path, a connection lists the statement asking as prepared under its name.
    const names = await run<{ name: string }>(
      t.db,
      sql`select name from pg_prepared_statements where name like 'test_named%' order by name`,
    );
    expect(names.map((r) => r.name)).toContain('test_named_1');
    expect(names.every((r) => ['test_named_0', 'test_named_1'].includes(r.name))).toBe(true);
  });

  it('runs unnamed past its cap of texts, and inside a transaction', async () => {
    const run = namedRawStatements('test_capped', 1);
    expect(await run(t.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    expect(await run(t.db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
    const inTx = await t.db.transaction((tx) => run(tx, sql`select 1 as one`));
    expect(inTx).toEqual([{ one: 1 }]);
  });
});
