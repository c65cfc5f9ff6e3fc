import { sql } from 'drizzle-orm';
import { CATEGORIES, REGIONS, searchQuerySchema } from '@brickyard/shared';
import type { Db } from '../apps/api/src/db/client.ts';
import type { AppContext } from '../apps/api/src/platform/context.ts';
import type { Principal } from '../apps/api/src/platform/auth/guard.ts';
import { vectorToBytes } from '../apps/api/src/modules/matching/embeddings.ts';
import { createMatchingService, listingVector } from '../apps/api/src/modules/matching/matching.service.ts';
import { createSearchService } from '../apps/api/src/modules/search/search.service.ts';
import { benchDatabase, line, percentile } from './lib.ts';

/**
 * docs/design.md §8: with 100k catalogue items and 20k tenders, search p95 < 50 ms and the top-20
 * matches of one tender < 100 ms. Seeds with generate_series from ~300 text templates (each with
 * its semantic vector), then times the service calls in-process (no HTTP: the API read budget is
 * screens.ts's), on the embedded PostgreSQL or BENCH_DATABASE_URL's server (a new database).
 */
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const TENDERS = Number(process.env.BENCH_TENDERS ?? 20_000);

const ADJ = [
  'Premium',
  'Standard',
  'Heavy-duty',
  'Galvanised',
  'Certified',
  'Trade',
  'Bulk',
  'Recycled',
  'Low-carbon',
  'Budget',
];

function templates() {
  const out: Array<{ category: string; sub: string; title: string; description: string }> = [];
  for (const c of CATEGORIES) {
    for (const s of c.subcategories) {
      for (const a of ADJ.slice(0, 3)) {
        out.push({
          category: c.key,
          sub: s.key,
          title: `${a} ${s.name.toLowerCase()}`,
          description: `${a} ${s.name.toLowerCase()} for ${c.name.toLowerCase()} projects. Supplied to site across the UK with full documentation and test certificates.`,
        });
      }
    }
  }
  return out;
}

async function time(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b);
}
const stats = (ms: number[]) => ({ p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) });
const fmt = (s: { p50: number; p95: number; p99: number }) =>
  `p50 ${s.p50.toFixed(1)} p95 ${s.p95.toFixed(1)} p99 ${s.p99.toFixed(1)} ms`;

/** 100k items and 20k tenders from ~300 templates, with users, vectors and statistics; marks the database seeded. */
export async function seedListingsDataset(db: Db, out: string[]): Promise<void> {
  const t0 = Date.now();
  const tpl = templates();
  await db.execute(
    sql`create temp table tpl (n int, category text, sub text, title text, description text, vector bytea)`,
  );
  for (let i = 0; i < tpl.length; i += 100) {
    const chunk = tpl.slice(i, i + 100);
    await db.execute(
      sql`insert into tpl values ${sql.join(
        chunk.map((t, j) => {
          const v = vectorToBytes(listingVector({ ...t, specifications: null, subcategories: [t.sub] }));
          return sql`(${i + j}, ${t.category}, ${t.sub}, ${t.title}, ${t.description}, ${v})`;
        }),
        sql`, `,
      )}`,
    );
  }
  const regions = REGIONS.map((r) => r.key);
  const pw = 'x';
  await db.execute(sql`insert into users (email, password_hash, role, first_name, last_name, company_name, approved, email_verified_at)
    select 'bench-' || r || '-' || g || '@bench.test', ${pw}, r, 'Bench', 'User', 'Bench ' || r || ' ' || g, true, now()
    from generate_series(1, 1000) g, unnest(array['buyer', 'supplier']) r`);
  const nt = tpl.length;
  await db.execute(sql`
    with s as (select id, row_number() over () - 1 as k from users where role = 'supplier'),
         t as (select * from tpl)
    insert into catalogue_items (user_id, title, description, category, subcategories, value_pence, quantity, lead_time_days, region, availability, delivery_locations, certifications)
    select s.id, t.title || ' ' || (g % 97), t.description, t.category, array[t.sub], 500 + (g * 7919) % 500000, (g * 31) % 5000, 1 + g % 60,
      (${sql.raw(`array['${regions.join("','")}']`)})[1 + g % ${regions.length}],
      (array['available','available','limited','other'])[1 + g % 4],
      array[(${sql.raw(`array['${regions.join("','")}']`)})[1 + (g * 3) % ${regions.length}]], array['ISO 9001']
    from generate_series(0, ${ITEMS - 1}) g join t on t.n = g % ${nt} join s on s.k = g % 1000`);
  await db.execute(sql`
    with b as (select id, row_number() over () - 1 as k from users where role = 'buyer'), t as (select * from tpl)
    insert into tenders (user_id, title, description, category, subcategories, budget_pence, quantity, region, status, deadline, published_at)
    select b.id, t.title || ' needed ' || (g % 89), 'Tender: ' || t.description, t.category, array[t.sub], 100000 + (g * 104729) % 100000000, 1 + g % 1000,
      (${sql.raw(`array['${regions.join("','")}']`)})[1 + g % ${regions.length}], 'active', now() + make_interval(days => 1 + g % 120), now()
    from generate_series(0, ${TENDERS - 1}) g join t on t.n = (g * 7) % ${nt} join b on b.k = g % 1000`);
  await db.execute(sql`insert into catalogue_item_vectors (catalogue_item_id, vector, matched_at)
    select c.id, tpl.vector, now() from catalogue_items c join tpl on tpl.title = regexp_replace(c.title, ' [0-9]+$', '')`);
  await db.execute(sql`insert into tender_vectors (tender_id, vector, matched_at)
    select x.id, tpl.vector, now() from tenders x join tpl on tpl.title = regexp_replace(x.title, ' needed [0-9]+$', '')`);
  await db.execute(sql`create table bench_seeded (at timestamptz default now())`);
  // The steady state of a live database: autovacuum has set the visibility map (index-only scans)
  // and gathered statistics. Right after a bulk load neither is true yet.
  await db.execute(sql`vacuum analyze`);
  out.push(
    line(
      `seed ${ITEMS.toLocaleString('en-GB')} items, ${TENDERS.toLocaleString('en-GB')} tenders`,
      `${((Date.now() - t0) / 1000).toFixed(1)} s`,
      'info',
      true,
    ),
  );
}

/**
 * With BENCH_KEEP_DIR=<dir> the embedded server keeps its data in <dir>/pg and the seeded database
 * (named for the item and tender counts) is reused by the next run: seeding takes minutes, and
 * comparing two versions of a query should not. Migrations still run first, so a new index
 * lands in the reused database; stored matches are cleared so every run starts alike.
 */
export async function benchMatching(opts: { databaseUrl?: string }): Promise<string[]> {
  const bench = await benchDatabase({
    databaseUrl: opts.databaseUrl,
    keptName: `by_bench_matching_${ITEMS}_${TENDERS}`,
    marker: 'bench_seeded',
    pool: 8,
  });
  const { database } = bench;
  const db = database.db;
  const out: string[] = [];
  try {
    if (bench.seeded) {
      await db.execute(sql`truncate matches`);
      await db.execute(sql`analyze`);
      out.push(
        line(
          `seed ${ITEMS.toLocaleString('en-GB')} items, ${TENDERS.toLocaleString('en-GB')} tenders`,
          'reused',
          'info',
          true,
        ),
      );
    } else await seedListingsDataset(db, out);

    const ctx = {
      db,
      log: { error: () => undefined, info: () => undefined, warn: () => undefined },
    } as unknown as AppContext;
    const search = createSearchService(ctx);
    const matching = createMatchingService(ctx);
    const { rows: people } = await db.execute<{ id: string; role: 'buyer' | 'supplier' }>(
      sql`select id, role from users where email like 'bench-%-1@bench.test'`,
    );
    const principal = (role: 'buyer' | 'supplier'): Principal => ({
      id: people.find((p) => p.role === role)!.id,
      role,
      email: '',
      name: '',
      companyName: '',
      approved: true,
      hasActiveSubscription: true,
      plan: 'GROWTH',
      sessionVersion: 0,
    });
    const buyer = principal('buyer');
    const supplier = principal('supplier');
    const queries = [
      'steel beams',
      'ready mix concrete',
      'plasterbord',
      'drainage pipes',
      'scaffolding',
      'crane hire',
      'roof tiles',
      'insulation boards',
      'galvanised fixings',
      'asbestos removal',
    ];
    const parse = (q: Record<string, string>) => searchQuerySchema.parse(q);
    for (let i = 0; i < 10; i++)
      await search.search(buyer, parse({ type: 'catalogue', q: queries[i % queries.length]! }));

    const sc = stats(
      await time(100, (i) => search.search(buyer, parse({ type: 'catalogue', q: queries[i % queries.length]! }))),
    );
    out.push(line('search catalogue (100k, relevance + facets)', fmt(sc), 'p95 < 50 ms', sc.p95 < 50));
    const st = stats(
      await time(100, (i) =>
        search.search(
          supplier,
          parse({ type: 'tenders', q: queries[i % queries.length]!, sort: i % 2 ? 'relevance' : 'closing_soon' }),
        ),
      ),
    );
    out.push(line('search tenders (20k, relevance/closing + facets)', fmt(st), 'p95 < 50 ms', st.p95 < 50));

    const { rows: sample } = await db.execute<{ id: string; user_id: string }>(
      sql`select id, user_id from tenders order by random() limit 60`,
    );
    const tells: Array<() => Promise<void>> = [];
    const scoreOnly = async (id: string) => {
      const tell = await matching.compute('tender', id);
      if (tell) tells.push(tell);
    };
    await scoreOnly(sample[0]!.id);
    const mc = stats(await time(50, (i) => scoreOnly(sample[i + 1]!.id)));
    out.push(line('top-20 matches of a tender (recompute)', fmt(mc), 'p95 < 100 ms', mc.p95 < 100));
    // telling suppliers about strong new matches follows each recompute (in the matching job): run it after, so it is counted apart and does not slow the reads below
    const drain = performance.now();
    for (const tell of tells) await tell();
    out.push(
      line(
        '  then: notify strong new matches (job follow-up)',
        `${(performance.now() - drain).toFixed(0)} ms more after 51 recomputes`,
        'info',
        true,
      ),
    );
    const mr = stats(
      await time(50, (i) => {
        const s = sample[i + 1]!;
        return matching.recommendations({ ...buyer, id: s.user_id }, s.id, { limit: 20, minScore: 0 });
      }),
    );
    out.push(line('top-20 matches of a tender (stored read)', fmt(mr), 'p95 < 100 ms', mr.p95 < 100));
  } finally {
    await bench.close();
  }
  return out;
}
