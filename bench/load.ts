/**
 * `npm run bench:load` (issue 11): a realistic mix of traffic against the real server, from this
 * process (autocannon) to the server's own process on 127.0.0.1: browse tenders and catalogue,
 * search, matches, read conversations, send messages, and upload a file by the presigned flow.
 * 200 connections for LOAD_SECONDS (default 300). Prints throughput, latency percentiles, errors
 * and the server's resident memory at start and end (it must stay flat).
 *   LOAD_SECONDS=60 LOAD_CONNECTIONS=200 npm run bench:load
 * BENCH_DATABASE_URL=postgres://… runs it against an external PostgreSQL instead of the embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { line, startServer } from './lib.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const P99_BUDGET_MS = 50; // DESIGN.md section 8: API reads p99 under 50 ms

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function login(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Brickyard-demo-1' }),
  });
  return ((await res.json()) as { data: { token: string; id: string } }).data;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-load-'));
fs.chmodSync(dataDir, 0o755);
const app = await startServer(path.join(import.meta.dirname, 'servers/app.ts'), {
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  // The load is one user's worth of connections; per-user abuse limits are not what is measured here.
  MESSAGE_SEND_PER_MINUTE: '10000',
  BILLING_JOB_ENABLED: 'false',
});
const base = `http://127.0.0.1:${app.info.port}`;
try {
  const buyer = await login(base, 'buyer@brickyard.test');
  const supplier = await login(base, 'supplier@brickyard.test');
  const json = { 'content-type': 'application/json' };
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/api/tender?page=1&pageSize=20' },
    { method: 'GET', path: '/api/catalogue?page=1&pageSize=20' },
    { method: 'GET', path: '/api/search?type=catalogue&q=steel%20beams' },
    { method: 'GET', path: '/api/tender/matches/buyer' },
    { method: 'GET', path: '/api/conversations' },
    { method: 'GET', path: '/api/notifications/unread-count' },
    { method: 'POST', path: '/api/sendMessage', headers: json, body: JSON.stringify({ recipientId: supplier.id, text: 'Load test: is the steel still available?' }) },
    {
      method: 'POST',
      path: '/api/upload/presigned-upload-url',
      headers: json,
      body: JSON.stringify({ fileName: 'site-notes.txt', fileType: 'text/plain', uploadType: 'other' }),
      onResponse: (status, body, context) => {
        if (status === 201 || status === 200) (context as { uploadURL?: string }).uploadURL = (JSON.parse(body) as { data: { uploadURL: string } }).data.uploadURL;
      },
    },
    {
      method: 'PUT',
      setupRequest: (req, context) => {
        const url = new URL((context as { uploadURL?: string }).uploadURL ?? '/api/upload/missing', base);
        return { ...req, path: url.pathname + url.search, headers: { 'content-type': 'text/plain' }, body: 'Delivery to gate 2, 7am. Crane on site from Tuesday.\n' };
      },
    },
  ];

  // Warm up, then measure.
  await autocannon({ url: base, connections: 20, duration: 3, headers: { authorization: `Bearer ${buyer.token}` }, requests });
  const rssStart = rssMb(app.child.pid!);
  const started = Date.now();
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, headers: { authorization: `Bearer ${buyer.token}` }, requests });
  const rssEnd = rssMb(app.child.pid!);
  const lat = result.latency as unknown as Record<string, number>;
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(`load mix (${requests.length} calls: browse, search, matches, messages, presigned upload), ${CONNECTIONS} connections, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`requests: ${result.requests.total.toLocaleString('en-GB')}  throughput: ${result.requests.average.toFixed(0)} req/s`);
  console.log(`latency: p50 ${lat.p50} ms  p90 ${lat.p90} ms  p99 ${lat.p99} ms  max ${result.latency.max} ms`);
  console.log(`errors: ${result.errors}  timeouts: ${result.timeouts}  non-2xx: ${result.non2xx}`);
  console.log(`server RSS: start ${rssStart} MB, end ${rssEnd} MB`);
  const lines = [
    line('load: zero errors', `${errors} errors`, '0', errors === 0),
    line(`load: p99 at ${CONNECTIONS} connections`, `${lat.p99} ms`, `< ${P99_BUDGET_MS} ms`, (lat.p99 ?? Infinity) < P99_BUDGET_MS),
    line('load: memory flat', `${rssStart} → ${rssEnd} MB`, '< +25% over the run', rssEnd <= rssStart * 1.25),
  ];
  for (const l of lines) console.log(l);
  process.exitCode = lines.some((l) => l.startsWith('FAIL')) ? 1 : 0;
} finally {
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
