import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { bundleServer, removeBundle } from './server-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
    pgTarget: string;
    /** server-bundle.ts: the folder of this run's bundled server and CLIs */
    serverBundle: string;
  }
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * One PostgreSQL per run — the embedded one, or the server of TEST_DATABASE_URL when
 * TEST_DB_TARGET=external — with a template database already migrated. Each test file clones
 * the template (CREATE DATABASE … TEMPLATE), so files are isolated and start in milliseconds.
 */
export default async function setup(project: TestProject) {
  const target = process.env.TEST_DB_TARGET === 'external' ? 'external' : 'embedded';
  let embedded: EmbeddedServer | null = null;
  let dir: string | null = null;
  let serverUrl: string;
  if (target === 'external') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB_TARGET=external needs TEST_DATABASE_URL');
    serverUrl = process.env.TEST_DATABASE_URL;
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-test-pg-'));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({
      dir: path.join(dir, 'pg'),
      password: crypto.randomBytes(12).toString('hex'),
      throwaway: true,
    });
    serverUrl = embedded.url;
  }
  const template = `by_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await admin.end();
  await migrateDatabase(withDatabase(serverUrl, template));

  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);
  project.provide('pgTarget', target);
  const bundle = await bundleServer();
  project.provide('serverBundle', bundle);

  return async () => {
    removeBundle(bundle);
    if (embedded) {
      // The whole server and its folder go: dropping its hundreds of databases one by one, or a
      // shutdown that first writes them all out, would only add a quarter of a minute to the run.
      await embedded.discard();
      // Its gigabytes of files take 15-30 s to delete: a process of its own deletes them while the
      // next step runs.
      if (dir) spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
      return;
    }
    // Its databases are dropped by a process of its own (drop-test-databases.mjs), which the next
    // step need not wait for: the drops wait on checkpoints that write out what the run wrote, 15-20 s
    // of a CI run in which nothing else could use the machine.
    spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'drop-test-databases.mjs'), serverUrl, `by_t_${process.pid}_`, template],
      { detached: true, stdio: 'ignore' },
    ).unref();
  };
}
