// Runs before each journey file (vitest setupFiles): its own copy of the seeded database and
// data folder, and its own server, started before the file's tests and stopped after them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { startApp, withDatabase } from '../global-setup.ts';
import { server } from './server.ts';

let stop: (() => Promise<void>) | null = null;
let database = '';

beforeAll(async () => {
  const serverUrl = inject('e2eServerUrl');
  database = `e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${database}" template "${inject('e2eTemplateDb')}"`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-e2e-file-'));
  fs.chmodSync(dataDir, 0o755);
  fs.cpSync(inject('e2eTemplateDataDir'), dataDir, { recursive: true });
  const app = await startApp({ DATABASE_URL: withDatabase(serverUrl, database), DATA_DIR: dataDir });
  server.baseURL = app.baseURL;
  server.dataDir = dataDir;
  server.databaseUrl = withDatabase(serverUrl, database);
  stop = async () => {
    await app.stop();
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists "${database}" with (force)`);
    await c.end();
    if (process.env.E2E_KEEP_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
  };
}, 150_000);

afterAll(async () => {
  await stop?.();
});

// A journey that fails a try and passes the next is reported as passed ("retry x1" at most): print
// what failed that try, so a timing slip is read and not only counted. A last failing try is
// printed by the reporter as usual.
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => {
    const tries = typeof task.retry === 'number' ? task.retry : (task.retry?.count ?? 0);
    const attempt = task.result?.retryCount ?? 0;
    if (attempt >= tries) return;
    const errors = (task.result?.errors ?? [])
      .map((e) => e.stack ?? e.message)
      .join('\n')
      .split('\n')
      .filter((frame) => !frame.includes('/node_modules/'))
      .join('\n');
    console.error(`\n[retrying] "${task.name}" failed try ${attempt + 1} of ${tries + 1}:\n${errors}\n`);
  });
});
