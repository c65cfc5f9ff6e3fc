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

  it('runs unnamed past its cap of texts', async () => {
    const run = namedRawStatements('test_capped', 1);
    expect(await run(t.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    expect(await run(t.db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
    const prepared = await t.db.transaction(async (tx) =>
      run<{ name: string }>(tx, sql`select name from pg_prepared_statements where name like 'test_capped%'`),
    );
    // (the second text, past the cap, has no name on any connection)
    expect(prepared.filter((r) => r.name !== 'test_capped_0')).toEqual([]);
  });

  it('is prepared on the transaction’s own connection inside a transaction (a send raises its notification there)', async () => {
    const run = namedRawStatements('test_in_tx');
    const seen = await t.db.transaction(async (tx) => {
      // the transaction's own writes are visible to the statement: it runs on the same connection
      await tx.execute(sql`create temporary table tx_probe (n int) on commit drop`);
      await tx.execute(sql`insert into tx_probe values (41)`);
      const first = await run<{ n: number }>(tx, sql`select n + ${1}::int as n from tx_probe`);
      const again = await run<{ n: number }>(tx, sql`select n + ${2}::int as n from tx_probe`);
      const names = await tx.execute<{ name: string }>(
        sql`select name from pg_prepared_statements where name like 'test_in_tx%'`,
      );
      return { first, again, names: names.rows.map((r) => r.name) };
    });
    expect(seen.first).toEqual([{ n: 42 }]);
    expect(seen.again).toEqual([{ n: 43 }]);
    expect(seen.names).toEqual(['test_in_tx_0']);
  });
});
