import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase, line, startServer, type LoadResult } from './lib.ts';
import { seedScreensDataset, seedSupplierRecords } from './screens-dataset.ts';
import { datasetIds, ROUTES, type Ids, type Kind, type Role } from './screens-routes.ts';

/**
 * docs/design.md section 8: every GET a screen calls, taken from the API's own OpenAPI document (a new
 * route is benched without anyone adding it), called as the role that uses it on the 100k dataset
 * at 100 connections, beside the yardstick (Fastify + JWT check + one primary-key query) measured
 * in the same run: before the first call, after every YARD_EVERY calls and after the last, each
 * call judged against the mean of the two measurements around it. (Measured only at both ends, a
 * run's two yardsticks differed by up to half as this machine's speed drifted over the eight
 * minutes between them, and every ratio of the run moved with their mean.)
 *   one-object reads ≥ 0.7× the yardstick and p99 < 50 ms
 *   lists and pages  ≥ 0.5× the yardstick and p99 < 50 ms
 *   search, matches  p99 < 150 ms
 * --seconds (default 3) per call after a 1 s warm-up; --match <text> benches only paths containing it.
 */
const CONNECTIONS = 100;
/** How many calls are measured between two measurements of the yardstick. */
const YARD_EVERY = 6;
const BUDGET: Record<Kind, { ratio: number; p99: number; text: string }> = {
  object: { ratio: 0.7, p99: 50, text: '≥ 0.7×, p99 < 50 ms' },
  list: { ratio: 0.5, p99: 50, text: '≥ 0.5×, p99 < 50 ms' },
  search: { ratio: 0, p99: 150, text: 'p99 < 150 ms' },
};

interface Operation {
  path: string;
  /** whether the 200 answer is a page or an array (a list) */
  listShaped: boolean;
  hasPathParams: boolean;
}

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; $ref?: string };

function listShaped(schema: Schema | undefined): boolean {
  const data = schema?.properties?.data;
  if (schema?.properties?.items || schema?.properties?.total !== undefined) return true;
  if (!data) return schema?.type === 'array';
  return data.type === 'array' || Boolean(data.properties?.items) || Boolean(data.properties?.total);
}

/** Every GET of the OpenAPI document the server serves. */
async function operations(base: string): Promise<Operation[]> {
  const doc = (await fetch(`${base}/api/docs/json`).then((r) => r.json())) as {
    paths: Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
    >;
  };
  return Object.entries(doc.paths)
    .filter(([, ops]) => ops.get)
    .map(([p, ops]) => ({
      path: p,
      listShaped: listShaped(ops.get!.responses?.['200']?.content?.['application/json']?.schema),
      hasPathParams: p.includes('{'),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

function kindOf(op: Operation, planned?: Kind): Kind {
  if (planned) return planned;
  if (/search|matches|suggest|recommendations/.test(op.path)) return 'search';
  return op.listShaped ? 'list' : 'object';
}

/** autocannon at `connections`, cycling through `paths`. */
async function hit(base: string, paths: string[], token: string | undefined, seconds: number): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    requests: [{ setupRequest: (req) => ({ ...req, method: 'GET', path: paths[n++ % paths.length]! }) }],
  });
  const lat = result.latency as unknown as Record<string, number>;
  // no answer at all in the whole run is a failure, not a quiet zero
  const unanswered = result.requests.total === 0 ? 1 : 0;
  return {
    rps: result.requests.average,
    p50: lat.p50 ?? 0,
    p95: lat.p97_5 ?? 0,
    p99: lat.p99 ?? 0,
    errors: result.errors + result.timeouts + unanswered,
    non2xx: result.non2xx,
  };
}

/**
 * The median time of one request with nothing else running (7 in turn, warmed): what a single
 * visitor waits, and how much of a call's cost is its own work rather than the queue under load.
 */
async function oneAtATime(base: string, paths: string[], token: string | undefined): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${paths[i % paths.length]}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[3]!;
}

/**
 * Waits until the job queue has no job due or running (at most 2 minutes): the records made
 * through the API before the run (responses, bid-assist requests) queue matching and bid-pack
 * jobs, whose CPU would otherwise be charged to the first calls and the yardstick.
 */
async function jobsIdle(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      if (rows[0]!.n === 0) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

/**
 * Waits until the server process is idle (under 10% of a core over half a second, twice; at most
 * 2 minutes): an instance reads the live feed's search index when it starts (about 13 s of CPU at
 * 100k notices), and the yardstick measured meanwhile came out at half its later figure. Reads
 * /proc, so on a machine without it this returns at once.
 */
async function processIdle(pid: number | undefined) {
  const cpuTicks = () => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100 a second)
    } catch {
      return null;
    }
  };
  const until = Date.now() + 120_000;
  let quiet = 0;
  let last = cpuTicks();
  while (last !== null && quiet < 2 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuTicks();
    if (now === null) return;
    quiet = now - last < 5 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * Waits until the server has worked off what the last run left queued (requests whose sockets
 * autocannon closed still wait for a database connection), so a slow call does not slow the next:
 * a read that queues for a connection answers quickly again (at most 60 s).
 */
async function settle(base: string, token: string) {
  const until = Date.now() + 60_000;
  let quick = 0;
  while (quick < 3 && Date.now() < until) {
    const t0 = performance.now();
    await fetch(`${base}/api/notifications/unread-count`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
      r.arrayBuffer(),
    );
    quick = performance.now() - t0 < 20 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function benchScreens(opts: { databaseUrl?: string; seconds: number; match?: string }): Promise<string[]> {
  const out: string[] = [];
  const bench = await benchDatabase({
    databaseUrl: opts.databaseUrl,
    keptName: 'by_bench_screens',
    marker: 'bench_screens_seeded',
    pool: 2,
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-bench-'));
  fs.chmodSync(dataDir, 0o755);
  let app: Awaited<ReturnType<typeof startServer>> | undefined;
  let baseline: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    if (bench.seeded) out.push(line('screens dataset (100k items, 20k tenders, 100k notices)', 'reused', 'info', true));
    else {
      const t0 = Date.now();
      await seedScreensDataset(bench.url, out);
      out.push(
        line(
          'screens dataset (100k items, 20k tenders, 100k notices)',
          `seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
          'info',
          true,
        ),
      );
    }
    // The server opens its own pool; the bench's own connections are not needed while it runs.
    app = await startServer(path.join(import.meta.dirname, 'servers/app.ts'), {
      DATA_DIR: dataDir,
      DATABASE_URL: bench.url,
      BILLING_JOB_ENABLED: 'false',
      RATE_LIMIT_LOGIN_PER_15_MIN: '200',
      // one signed-in user stands for the many who would make this load: the search limit (120 a
      // minute per user) would otherwise answer nearly every search 429, and the bench time the 429
      RATE_LIMIT_SEARCH_PER_MINUTE: '1000000',
    });
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    baseline = await startServer(path.join(import.meta.dirname, 'servers/baseline.ts'), {
      DATABASE_URL: bench.url,
      JWT_SECRET: secrets.jwtSecret,
    });
    const base = `http://127.0.0.1:${app.info.port}`;
    const yardBase = `http://127.0.0.1:${baseline.info.port}`;

    const tokens = {} as Record<Role, string>;
    for (const [role, email] of [
      ['buyer', 'buyer@brickyard.test'],
      ['supplier', 'supplier@brickyard.test'],
      ['admin', 'admin@brickyard.test'],
    ] as const) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Brickyard-demo-1' }),
      });
      tokens[role] = ((await res.json()) as { data: { token: string } }).data.token;
    }
    await seedSupplierRecords(base, tokens.supplier, bench.url, out);
    const ids: Ids = await datasetIds(bench.url);
    const yardPaths = [...ids.suppliers, ...ids.buyers].map((id) => `/item/${id}`);
    const yardstick = async () => {
      await hit(yardBase, yardPaths, tokens.buyer, 1);
      return hit(yardBase, yardPaths, tokens.buyer, opts.seconds);
    };
    await jobsIdle(bench.url);
    await processIdle(app.child.pid);
    await settle(base, tokens.buyer);
    // the yardstick's measurements in order; a call is judged against those just before and after it
    const yards: LoadResult[] = [await yardstick()];
    let sinceYard = 0;
    const results: Array<{
      op: string;
      kind: Kind;
      role?: Role;
      r?: LoadResult;
      oneMs?: number;
      /** the index in `yards` of the yardstick measured last before this call */
      yard?: number;
      problem?: string;
      skip?: string;
    }> = [];

    for (const op of await operations(base)) {
      if (opts.match && !op.path.includes(opts.match)) continue;
      const plan = ROUTES[op.path] ?? {};
      const kind = kindOf(op, plan.kind);
      if (plan.skip) {
        results.push({ op: op.path, kind, skip: plan.skip });
        continue;
      }
      if (op.hasPathParams && !plan.urls) {
        results.push({
          op: op.path,
          kind,
          problem: 'no value for its path parameters: add it to bench/screens-routes.ts',
        });
        continue;
      }
      const paths = plan.urls ? plan.urls(ids) : [op.path];
      if (paths.length === 0) {
        results.push({ op: op.path, kind, problem: 'the dataset has no row to read' });
        continue;
      }
      const withQuery = plan.query ? paths.map((p) => `${p}?${plan.query}`) : paths;
      // The role that uses it: the planned one first, then whichever is let in.
      const order: Role[] = [...new Set<Role>([plan.role ?? 'buyer', 'buyer', 'supplier', 'admin'])];
      let role: Role | undefined;
      const refused: string[] = [];
      for (const r of order) {
        const res = await fetch(`${base}${withQuery[0]}`, { headers: { authorization: `Bearer ${tokens[r]}` } });
        await res.arrayBuffer();
        if (res.ok) {
          role = r;
          break;
        }
        refused.push(`${r} ${res.status}`);
      }
      if (!role) {
        results.push({ op: op.path, kind, problem: `no role is answered 2xx (${refused.join(', ')})` });
        continue;
      }
      await hit(base, withQuery, tokens[role], 1);
      const oneMs = await oneAtATime(base, withQuery, tokens[role]);
      const r = await hit(base, withQuery, tokens[role], opts.seconds);
      results.push({ op: op.path, kind, role, oneMs, r, yard: yards.length - 1 });
      await settle(base, tokens.buyer);
      if (++sinceYard === YARD_EVERY) {
        yards.push(await yardstick());
        sinceYard = 0;
      }
    }
    if (sinceYard > 0 || yards.length === 1) yards.push(await yardstick());
    const rates = yards.map((y) => y.rps);
    const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
    out.push(
      line(
        'yardstick: Fastify + JWT + one PK query',
        `${mean.toFixed(0)} req/s p99 ${Math.max(...yards.map((y) => y.p99))} ms`,
        `reference: each call is judged against the two measurements around it (${rates.map((r) => r.toFixed(0)).join(', ')} req/s)`,
        yards.every((y) => y.errors === 0),
      ),
    );
    const around = (i: number) => (rates[i]! + rates[Math.min(i + 1, rates.length - 1)]!) / 2;
    for (const r of results) {
      const name = `GET ${r.op}${r.role ? ` (${r.role})` : ''}`;
      if (r.skip) out.push(`SKIP  ${name.padEnd(60)} ${r.skip}`);
      else if (r.problem || !r.r) out.push(`FAIL  ${name.padEnd(60)} ${r.problem}`);
      else {
        const b = BUDGET[r.kind];
        const ratio = r.r.rps / around(r.yard!);
        const errors = r.r.errors + r.r.non2xx;
        const ok = errors === 0 && r.r.p99 < b.p99 && ratio >= b.ratio;
        out.push(
          `${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(60)} ${`${r.r.rps.toFixed(0)} req/s`.padStart(12)} ${`${ratio.toFixed(2)}×`.padStart(6)} p99 ${`${r.r.p99} ms`.padStart(8)} one ${`${r.oneMs?.toFixed(1)} ms`.padStart(8)}  ${r.kind.padEnd(6)} ${b.text}${errors ? `, ${errors} errors` : ''}`,
        );
      }
    }
  } finally {
    await baseline?.stop();
    await app?.stop();
    await bench.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}
