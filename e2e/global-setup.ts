import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServerUrl: string;
    e2eTemplateDb: string;
    e2eTemplateDataDir: string;
    /** support/browser.ts: one empty file per screen already scanned by axe in this run */
    e2eScannedDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** The app as `npm start` runs it (or from source with E2E_API_FROM_SOURCE=1), until it answers /api/health. */
export async function startApp(env: {
  DATABASE_URL: string;
  DATA_DIR: string;
}): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const fromSource = process.env.E2E_API_FROM_SOURCE === '1';
  const main = fromSource ? path.join(root, 'apps/api/src/main.ts') : path.join(root, 'apps/api/dist/main.js');
  const webDist = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('Build first: npm run build (scripts/test.mjs does it before the e2e project)');
  }
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, fromSource ? ['--import', 'tsx', main] : [main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      WEB_DIST: webDist,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      // E2E_LOG_LEVEL=info with E2E_SHOW_SERVER_LOG=1 prints what a journey file's server did
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      JWT_TTL_SECONDS: '3600',
      // Every journey signs in from the one loopback address; the per-IP sign-in limit (5× this)
      // is tested by the API tests, not meant to throttle a whole suite of people.
      RATE_LIMIT_LOGIN_PER_15_MIN: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (process.env.E2E_SHOW_SERVER_LOG === '1') console.log(output);
    },
  };
}

/**
 * Browser journeys run against the product as `npm start` serves it: the built web app and the
 * bundled API. Once per run, the demo seed goes into a template database (and its files into a
 * template data folder); each journey file then gets its own copy of both and its own server
 * (support/server-setup.ts), so no journey depends on what another did to the demo accounts.
 * E2E_WEB_DIST points at another web build and E2E_API_FROM_SOURCE=1 runs the API from source,
 * so several people can run journeys on one checkout at once.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-e2e-'));
  fs.chmodSync(dir, 0o755); // the embedded server may run as another user
  const server = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    password: crypto.randomBytes(12).toString('hex'),
    throwaway: true,
  });
  const templateDb = 'e2e_template';
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database "${templateDb}"`);
  await admin.end();
  const templateDataDir = path.join(dir, 'template-data');
  fs.mkdirSync(templateDataDir);
  const seeding = await startApp({ DATABASE_URL: withDatabase(server.url, templateDb), DATA_DIR: templateDataDir });
  await seeding.stop(); // a template database must have no connections when it is copied

  project.provide('e2eServerUrl', server.url);
  project.provide('e2eTemplateDb', templateDb);
  project.provide('e2eTemplateDataDir', templateDataDir);
  const scannedDir = path.join(dir, 'scanned-screens');
  fs.mkdirSync(scannedDir);
  project.provide('e2eScannedDir', scannedDir);

  return async () => {
    if (process.env.E2E_KEEP_DATA === '1') await server.stop();
    else await server.discard();
    if (process.env.E2E_KEEP_DATA !== '1') fs.rmSync(dir, { recursive: true, force: true });
  };
}
