import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import autocannon from 'autocannon';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect, type Database } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { SERVER_NODE_FLAGS } from '../apps/api/src/node-flags.ts';

export interface Started {
  child: ChildProcess;
  info: Record<string, any>;
  stop(): Promise<void>;
}

/**
 * Runs a server script in its own process (so the load generator does not share its event loop).
 * Every server runs with node's flags for the product (apps/api/src/node-flags.ts), the yardstick
 * too: it is judged as it would be run. With BENCH_SERVER_PROF=<dir> each server writes a V8 CPU
 * profile there when it stops.
 */
export async function startServer(script: string, env: Record<string, string | undefined>): Promise<Started> {
  const profileDir = process.env.BENCH_SERVER_PROF;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rl = readline.createInterface({ input: child.stdout });
  const info = await new Promise<Record<string, any>>((resolve, reject) => {
    rl.once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    child,
    info,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(opts: {
  url: string;
  token?: string;
  connections: number;
  seconds: number;
  requests?: autocannon.Request[];
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    requests: opts.requests,
  });
  const lat = result.latency as unknown as Record<string, number>;
  return {
    rps: result.requests.average,
    p50: lat.p50 ?? 0,
    p95: lat.p97_5 ?? lat.p95 ?? 0,
    p99: lat.p99 ?? 0,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function line(name: string, value: string, budget: string, ok: boolean): string {
  return `${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(44)} ${value.padEnd(34)} budget ${budget}`;
}

/** Whether the database at `url` exists and a seed ran to the end (it creates `marker` last). */
export async function seededAt(url: string, marker: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ done: boolean }>(`select to_regclass($1) is not null as done`, [marker]);
    return rows[0]?.done === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A migrated database for a bench section, on a throwaway embedded PostgreSQL or `databaseUrl`'s
 * server. With BENCH_KEEP_DIR=<dir> the embedded server keeps its data in <dir>/pg and a database
 * whose seed ran to the end (`marker`) is reused by the next run: seeding takes minutes, and
 * comparing two versions of a query should not. Migrations still run, so a new index lands.
 */
export async function benchDatabase(opts: { databaseUrl?: string; keptName: string; marker: string; pool: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-bench-'));
  fs.chmodSync(dir, 0o755);
  const keep = process.env.BENCH_KEEP_DIR;
  const server = opts.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dir: keep ? path.join(keep, 'pg') : path.join(dir, 'pg'),
        password: keep ? 'benchbenchbench' : crypto.randomBytes(12).toString('hex'),
      });
  const base = opts.databaseUrl ?? server!.url;
  const name = keep ? opts.keptName : `by_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const u = new URL(base);
  u.pathname = `/${name}`;
  if (!(await seededAt(u.toString(), opts.marker))) {
    await admin.query(`drop database if exists "${name}" with (force)`); // a seed cut short
    await admin.query(`create database "${name}"`);
  }
  await migrateDatabase(u.toString());
  const database: Database = connect(u.toString(), opts.pool);
  return {
    database,
    url: u.toString(),
    seeded: await seededAt(u.toString(), opts.marker),
    async close() {
      await database.close();
      if (!keep) await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      await server?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
