/**
 * db/client.ts, FIRST_PAGE: the first page of a list (the tenders, the catalogue, a supplier's
 * responses, the admin's users), which most visits read, is prepared with its LIMIT written in, so PostgreSQL plans it once per connection. With the
 * LIMIT and OFFSET as parameters it planned the page again on every read (a generic plan is costed
 * for a tenth of the rows, so a custom one always won).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { listUsers } from '../modules/admin/admin.repository.ts';
import { listItems } from '../modules/catalogue/catalogue.repository.ts';
import { listMine } from '../modules/responses/responses.repository.ts';
import { listTenders } from '../modules/tenders/tenders.repository.ts';
import { connect, type Db } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Reads a list's first page eight times and its second once on one connection; its statements' plan counts. */
async function plansOf(
  prefix: string,
  read: (db: Db, page: number) => Promise<{ rows: unknown[] }>,
  secondPageRows = 10,
) {
  // one connection, so every read and the check share its prepared statements
  const one = connect(t.databaseUrl, 1);
  try {
    for (let i = 0; i < 8; i++) expect((await read(one.db, 1)).rows).toHaveLength(20);
    // the second page still reads the rows after it (its own statement, the page as parameters)
    expect((await read(one.db, 2)).rows).toHaveLength(secondPageRows);
    const { rows } = await one.db.execute<{ name: string; generic_plans: string; custom_plans: string }>(
      sql`select name, generic_plans, custom_plans from pg_prepared_statements where name like ${`${prefix}%`}`,
    );
    return rows.map((r) => ({ generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
  } finally {
    await one.close();
  }
}

/** One statement served the eight first-page reads, and PostgreSQL kept a generic plan for it. */
function expectFirstPageKept(plans: Array<{ generic: number; custom: number }>) {
  const first = plans.filter((p) => p.generic + p.custom >= 8);
  expect(first).toHaveLength(1);
  // PostgreSQL tries five custom plans before it settles on the generic one
  expect(first[0]!.generic).toBeGreaterThanOrEqual(3);
}

it('a buyer’s first page of tenders keeps its plan: PostgreSQL plans it once per connection, not on every read', async () => {
  const buyer = await t.createUser({ role: 'buyer' });
  await t.db.execute(sql`
    insert into tenders (user_id, title, description, category, status, deadline)
    select ${buyer.id}, 'Tender ' || g, 'Supply and fit', 'timber', 'active', now() + interval '10 days'
    from generate_series(1, 30) g`);
  const plans = await plansOf('tenders_page', (db, page) =>
    listTenders(db, { ownerId: buyer.id }, { page, pageSize: 20, sort: 'newest' }),
  );
  expectFirstPageKept(plans);
});

it('a supplier’s first page of catalogue items keeps its plan likewise', async () => {
  const supplier = await t.createUser({ role: 'supplier' });
  await t.db.execute(sql`
    insert into catalogue_items (user_id, title, description, category, value_pence)
    select ${supplier.id}, 'Oak beam ' || g, 'Kiln-dried', 'timber', 1000 + g
    from generate_series(1, 30) g`);
  const plans = await plansOf('catalogue_page', (db, page) =>
    listItems(db, { ownerId: supplier.id }, { page, pageSize: 20, sort: 'newest' }),
  );
  expectFirstPageKept(plans);
});

it('a supplier’s first page of responses keeps its plan likewise', async () => {
  const buyer = await t.createUser({ role: 'buyer' });
  const supplier = await t.createUser({ role: 'supplier' });
  // A busy supplier, and statistics that know it: a generic plan with the LIMIT as a parameter is
  // costed for a tenth of their 400 responses, which is more than a page of 20.
  await t.db.execute(sql`
    with made as (
      insert into tenders (user_id, title, description, category, status, deadline)
      select ${buyer.id}, 'Tender ' || g, 'Supply and fit', 'timber', 'active', now() + interval '10 days'
      from generate_series(1, 400) g returning id)
    insert into tender_responses (tender_id, supplier_id, status, version)
    select id, ${supplier.id}, 'submitted', 1 from made`);
  await t.db.execute(sql`analyze tender_responses`);
  const plans = await plansOf('responses_mine', async (db, page) => listMine(db, supplier.id, page, 20), 20);
  expectFirstPageKept(plans);
});

it('the admin’s first page of users keeps its plan likewise', async () => {
  await t.db.execute(sql`
    insert into users (email, password_hash, role, first_name, last_name, company_name, approved)
    select 'plan-admin-' || g || '@brickyard.test', 'x', 'admin', 'Plan', 'Admin ' || g, 'Plans Ltd', false
    from generate_series(1, 30) g`);
  const plans = await plansOf('admin_users_page', (db, page) =>
    listUsers(db, { role: 'admin', approved: false }, page, 20),
  );
  expectFirstPageKept(plans);
});
