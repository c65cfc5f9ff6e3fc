/**
 * `npm run bench:load` (docs/reliability.md): a realistic mix of traffic against the real server, from this
 * process (autocannon) to the server's own process on 127.0.0.1: browse tenders and catalogue,
 * search, matches, read conversations, send messages, and upload a file by the presigned flow.
 * 200 connections for LOAD_SECONDS (default 300), spread over LOAD_USERS signed-in buyers (default
 * 100, made for the run) so each user's share is a busy person's, not one account tripping the
 * per-user abuse limits. Prints throughput, latency percentiles, errors and the server's resident
 * memory through the run (it must stay flat).
 *
 * By default every connection sends its next request as soon as the last is answered: that finds
 * the most the server can take, and its latency is mostly the queue (Little's law). LOAD_RATE
 * paces the same connections to that many requests a second in all, as people who read what they
 * asked for before asking again, to show the latency at a stated load below saturation.
 *   LOAD_SECONDS=60 LOAD_CONNECTIONS=200 LOAD_USERS=100 [LOAD_RATE=400] npm run bench:load
 * BENCH_DATABASE_URL=postgres://… runs it against an external PostgreSQL instead of the embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '../apps/api/src/platform/auth/passwords.ts';
import { line, startServer } from './lib.ts';
import { pacedLoad, type MixRequest, type PacedResult } from './paced.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const USERS = Math.max(1, Math.min(Number(process.env.LOAD_USERS ?? 100), CONNECTIONS));
/** Requests a second over all connections; unset: as fast as the server answers. */
const RATE = process.env.LOAD_RATE ? Number(process.env.LOAD_RATE) : undefined;
const PASSWORD = 'Brickyard-demo-1';
// Part of autocannon's API (README: autocannon.aggregateResult), missing from its type definitions.
const { aggregateResult } = autocannon as unknown as {
  aggregateResult: (results: autocannon.Result[], opts: { url: string; connections: number }) => autocannon.Result;
};
const P99_BUDGET_MS = 50; // docs/design.md section 8: API reads p99 under 50 ms

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function login(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { token: string; id: string } }).data;
}

/** The load's buyers: approved, verified and on Growth, written straight to the database. */
async function createBuyers(databaseUrl: string, n: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    const emails = Array.from({ length: n }, (_, i) => `load-buyer-${i + 1}@load.test`);
    const { rows } = await client.query<{ id: string }>(
      `insert into users (email, password_hash, role, first_name, last_name, company_name, approved, email_verified_at)
       select e, $2, 'buyer', 'Load', 'Buyer ' || ord, 'Load Buyer ' || ord || ' Ltd', true, now()
       from unnest($1::text[]) with ordinality as t(e, ord) returning id`,
      [emails, hash],
    );
    await client.query(
      `insert into subscriptions (user_id, plan, cycle, status, provider, price_paid_pence, current_period_start, current_period_end)
       select id, 'GROWTH', 'monthly', 'active', 'local', 0, now(), now() + interval '1 month' from unnest($1::uuid[]) as t(id)`,
      [rows.map((r) => r.id)],
    );
    return emails;
  } finally {
    await client.end();
  }
}

/** autocannon's aggregate in the shape of a paced run's result. */
function fromAutocannon(result: autocannon.Result): PacedResult {
  const lat = result.latency as unknown as Record<string, number>;
  const codes = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return {
    total: result.requests.total,
    seconds: result.duration,
    latency: { p50: lat.p50 ?? 0, p90: lat.p90 ?? 0, p99: lat.p99 ?? 0, max: result.latency.max },
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(Object.entries(codes).map(([code, v]) => [code, v.count])),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-load-'));
fs.chmodSync(dataDir, 0o755);
const app = await startServer(path.join(import.meta.dirname, 'servers/app.ts'), {
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  // The load is one user's worth of connections; per-user abuse limits are not what is measured here.
  MESSAGE_SEND_PER_MINUTE: '10000',
  // The load's users all sign in from 127.0.0.1; in life they come from as many addresses.
  RATE_LIMIT_LOGIN_PER_15_MIN: '200',
  BILLING_JOB_ENABLED: 'false',
});
const base = `http://127.0.0.1:${app.info.port}`;
try {
  const supplier = await login(base, 'supplier@brickyard.test');
  const buyers = await Promise.all(
    (await createBuyers(app.info.databaseUrl, USERS)).map((email) => login(base, email)),
  );
  const json = { 'content-type': 'application/json' };
  const requests: MixRequest[] = [
    { method: 'GET', path: '/api/tender?page=1&pageSize=20' },
    { method: 'GET', path: '/api/catalogue?page=1&pageSize=20' },
    { method: 'GET', path: '/api/search?type=catalogue&q=steel%20beams' },
    { method: 'GET', path: '/api/tender/matches/buyer' },
    { method: 'GET', path: '/api/conversations' },
    { method: 'GET', path: '/api/notifications/unread-count' },
    {
      method: 'POST',
      path: '/api/sendMessage',
      headers: json,
      body: JSON.stringify({ recipientId: supplier.id, text: 'Load test: is the steel still available?' }),
    },
    {
      method: 'POST',
      path: '/api/upload/presigned-upload-url',
      headers: json,
      body: JSON.stringify({ fileName: 'site-notes.txt', fileType: 'text/plain', uploadType: 'other' }),
      onResponse: (status, body, context) => {
        if (status === 201 || status === 200)
          (context as { uploadURL?: string }).uploadURL = (
            JSON.parse(body) as { data: { uploadURL: string } }
          ).data.uploadURL;
      },
    },
    {
      method: 'PUT',
      setupRequest: (req, context) => {
        const url = new URL((context as { uploadURL?: string }).uploadURL ?? '/api/upload/missing', base);
        return {
          ...req,
          path: url.pathname + url.search,
          headers: { 'content-type': 'text/plain' },
          body: 'Delivery to gate 2, 7am. Crane on site from Tuesday.\n',
        };
      },
    },
  ];

  /** One autocannon instance per buyer, its share of the connections, all at once; aggregated after. */
  async function run(connections: number, seconds: number) {
    // The mix's shape is a subset of autocannon's requests (its setupRequest and onResponse are wider).
    const opts = {
      url: base,
      duration: seconds,
      requests: requests as autocannon.Request[],
      skipAggregateResult: true,
    };
    const results = await Promise.all(
      buyers.map((b, i) =>
        autocannon({
          ...opts,
          connections: Math.floor(connections / buyers.length) + (i < connections % buyers.length ? 1 : 0),
          headers: { authorization: `Bearer ${b.token}` },
        }),
      ),
    );
    return aggregateResult(results, { url: base, connections });
  }

  // Warm up, then measure, sampling the server's memory every 30 s.
  await run(Math.min(CONNECTIONS, USERS * 2), 3);
  const rssStart = rssMb(app.child.pid!);
  const rssSamples: number[] = [rssStart];
  const sampler = setInterval(() => rssSamples.push(rssMb(app.child.pid!)), 30_000);
  const started = Date.now();
  const result = RATE
    ? await pacedLoad({
        base,
        tokens: buyers.map((b) => b.token),
        connections: CONNECTIONS,
        seconds: SECONDS,
        rate: RATE,
        requests,
      })
    : fromAutocannon(await run(CONNECTIONS, SECONDS));
  clearInterval(sampler);
  const rssEnd = rssMb(app.child.pid!);
  const lat = result.latency;
  const errors = result.errors + result.non2xx;
  const pace = RATE ? `each pausing to make ${RATE} req/s in all` : 'each as fast as it is answered';
  console.log(
    `load mix (${requests.length} calls: browse, search, matches, messages, presigned upload), ${CONNECTIONS} connections over ${USERS} buyers, ${pace}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(
    `requests: ${result.total.toLocaleString('en-GB')}  throughput: ${(result.total / ((Date.now() - started) / 1000)).toFixed(0)} req/s`,
  );
  console.log(`latency: p50 ${lat.p50} ms  p90 ${lat.p90} ms  p99 ${lat.p99} ms  max ${lat.max} ms`);
  const statuses = Object.entries(result.statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
  console.log(`errors and timeouts: ${result.errors}  non-2xx: ${result.non2xx}  (answers: ${statuses})`);
  const rssSteady = rssSamples[2] ?? rssStart; // at 60 s
  console.log(
    `server RSS: start ${rssStart} MB, end ${rssEnd} MB (every 30 s: ${[...rssSamples, rssEnd].join(', ')} MB)`,
  );
  const lines = [
    line('load: zero errors', `${errors} errors`, '0', errors === 0),
    line(
      `load: p99 at ${CONNECTIONS} connections${RATE ? `, ${RATE} req/s` : ''}`,
      `${lat.p99} ms`,
      `< ${P99_BUDGET_MS} ms`,
      (lat.p99 ?? Infinity) < P99_BUDGET_MS,
    ),
    // The heap grows to its working size under 200 connections in the first minute; flat means no
    // growth after that (a leak keeps climbing). The whole series is printed above.
    line(
      'load: memory flat after the first minute',
      `${rssSteady} → ${rssEnd} MB`,
      '< +15%',
      rssEnd <= rssSteady * 1.15,
    ),
  ];
  for (const l of lines) console.log(l);
  process.exitCode = lines.some((l) => l.startsWith('FAIL')) ? 1 : 0;
} finally {
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
