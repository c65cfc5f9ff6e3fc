#!/usr/bin/env node
// `npm run prod:smoke -- [DIR]`: starts the production folder of `npm run prod:install` (DIR, or
// PROD_DIR) the way the container does — `node apps/api/dist/main.js`, NODE_ENV=production — as an
// unprivileged user (`nobody` via setpriv when run as root, as CI is), against a fresh database on
// the PostgreSQL of PROD_SMOKE_DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// It waits for GET /api/health, checks the process's user and the compressed, cached web app,
// prints the start time, stops the server with SIGTERM and drops the database. Exit 0 = healthy.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';

const HEALTH_TIMEOUT_MS = 90_000;
const RUN_AS = { user: 'nobody', group: 'nogroup' };

function fail(message) {
  console.error(`prod:smoke: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 5_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** node's flags for the server, as `npm start` and the image pass them (apps/api/src/node-flags.ts). */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** The command that runs `node main.js` as RUN_AS when we are root, or as ourselves otherwise. */
function asUnprivileged(args) {
  if (process.getuid?.() !== 0) return { cmd: process.execPath, args };
  const hasSetpriv = spawnSync('setpriv', ['--version']).status === 0;
  if (!hasSetpriv) fail('running as root and setpriv (util-linux) is missing: cannot drop to an unprivileged user');
  return {
    cmd: 'setpriv',
    args: [`--reuid=${RUN_AS.user}`, `--regid=${RUN_AS.group}`, '--clear-groups', '--', process.execPath, ...args],
  };
}

/** Every folder from / down to the file `p` must be enterable by others, or the unprivileged user cannot reach it. */
function checkReachable(p) {
  if (process.getuid?.() !== 0) return;
  for (let dir = path.dirname(path.resolve(p)); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) {
      fail(
        `${dir} is not enterable by other users, so ${RUN_AS.user} cannot start the server from ${p}; install into a folder under ${os.tmpdir()} (the default) instead`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}

/**
 * Starts the server once as the unprivileged user, waits for /api/health, checks who it runs as
 * (and the web app when `checkWeb`), stops it with SIGTERM; returns the milliseconds to healthy.
 */
async function startOnce(dir, main, env, checkWeb) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { cmd, args } = asUnprivileged([...SERVER_NODE_FLAGS, main]);
  const started = process.hrtime.bigint();
  const child = spawn(cmd, args, {
    cwd: dir,
    env: { ...env, PORT: String(port), PUBLIC_URL: base },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  try {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    for (;;) {
      if (exited) fail(`the server exited (${JSON.stringify(exited)}) before it was healthy:\n${output}`);
      if (Date.now() > deadline)
        fail(`no healthy answer from ${base}/api/health within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output}`);
      const res = await get(`${base}/api/health`).catch(() => null);
      if (res?.status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;

    // The real uid of the node process (setpriv execs node in place, so it is the child's pid).
    const uid = Number(/^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
    if (process.getuid?.() === 0 && uid === 0) fail('the server runs as root');

    if (checkWeb) {
      const index = await get(`${base}/`, { 'accept-encoding': 'br, gzip' });
      if (
        index.status !== 200 ||
        index.headers['content-encoding'] !== 'br' ||
        index.headers['cache-control'] !== 'no-cache'
      ) {
        fail(`GET / answered ${index.status} ${JSON.stringify(index.headers)}`);
      }
      const html = zlib.brotliDecompressSync(index.body).toString();
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? fail('no script in index.html');
      const js = await get(`${base}${asset}`, { 'accept-encoding': 'gzip' });
      if (
        js.status !== 200 ||
        js.headers['content-encoding'] !== 'gzip' ||
        js.headers['cache-control'] !== 'public, max-age=31536000, immutable'
      ) {
        fail(`GET ${asset} answered ${js.status} ${JSON.stringify(js.headers)}`);
      }
      console.log(`prod:smoke: GET / brotli + no-cache, GET ${asset} gzip + immutable`);
    }

    child.kill('SIGTERM');
    const stopping = Date.now();
    while (!exited && Date.now() - stopping < 20_000) await new Promise((r) => setTimeout(r, 50));
    if (!exited || exited.code !== 0)
      fail(`SIGTERM did not stop the server cleanly: ${JSON.stringify(exited)}\n${output}`);
    // started as `npm start` starts it, it says nothing of missing node flags (apps/api/src/main.ts)
    if (output.includes('Node runs without')) fail(`the server was started without its node flags:\n${output}`);
    console.log(
      `prod:smoke: ran as uid ${uid}${uid === 65534 ? ` (${RUN_AS.user})` : ''}, NODE_ENV=production, ${process.version}; SIGTERM stopped it with exit 0`,
    );
    return ms;
  } finally {
    if (!exited) child.kill('SIGKILL');
  }
}

async function main() {
  const dir = path.resolve(
    process.argv[2] ??
      process.env.PROD_DIR ??
      fail('give the folder of `npm run prod:install`: npm run prod:smoke -- DIR'),
  );
  const main = path.join(dir, 'apps/api/dist/main.js');
  if (!fs.existsSync(main)) fail(`${main} is missing: run \`npm run prod:install -- ${dir}\` first`);
  checkReachable(main);
  checkReachable(process.execPath);

  const serverUrl =
    process.env.PROD_SMOKE_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `brickyard_smoke_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;

  // The data folder (outbox, local storage) belongs to the unprivileged user, like a mounted volume.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-smoke-data-'));
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', `${RUN_AS.user}:${RUN_AS.group}`, dataDir]);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // No outbound calls from CI: the live feed would fetch from the UK tender services.
    FEED_SCHEDULE_ENABLED: 'false',
  };
  try {
    const first = await startOnce(dir, main, env, true);
    console.log(
      `prod:smoke: first start healthy in ${(first / 1000).toFixed(2)} s (spawn to first 200 from /api/health; migrates the empty database)`,
    );
    const again = await startOnce(dir, main, env, false);
    console.log(`prod:smoke: restart healthy in ${(again / 1000).toFixed(2)} s (same database, nothing to migrate)`);
  } finally {
    await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  if (!process.exitCode) console.error(err);
  process.exitCode = 1;
});
