import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect, type Db } from '../../../db/client.ts';
import { startEmbeddedPostgres } from '../../../db/embedded.ts';
import { migrateDatabase } from '../../../db/migrate.ts';
import { loadConfig } from '../../../config.ts';

/**
 * A fresh migrated database for an eval CLI (`eval:matching`, `eval:search`): on a throwaway
 * embedded PostgreSQL, or as a new database on EVAL_DATABASE_URL's server; dropped afterwards
 * unless `keep` is set.
 */
export async function withEvalDatabase(
  prefix: string,
  run: (db: Db) => Promise<void>,
  opts: { keep?: boolean } = {},
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-eval-'));
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  let base = loadConfig().tools.evalDatabaseUrl;
  if (!base) {
    fs.chmodSync(dir, 0o755);
    server = await startEmbeddedPostgres({
      dir: path.join(dir, 'pg'),
      password: crypto.randomBytes(12).toString('hex'),
    });
    base = server.url;
  }
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const database = connect(u.toString(), 4);
  try {
    await migrateDatabase(u.toString());
    await run(database.db);
  } finally {
    await database.close();
    if (!opts.keep) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
