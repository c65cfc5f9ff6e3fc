/**
 * `npm run eval:search`: a fresh embedded PostgreSQL (or EVAL_DATABASE_URL's server, in a new
 * database), migrated, the 860 real notices indexed, then every kind of query measured against
 * Okapi BM25 (search-eval.ts). Flags: --every=N uses every Nth query; --json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../../../db/client.ts';
import { startEmbeddedPostgres } from '../../../db/embedded.ts';
import { migrateDatabase } from '../../../db/migrate.ts';
import { formatSearchReport, runSearchEval } from './search-eval.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`))?.split('=')[1];

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-eval-'));
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  let base = process.env.EVAL_DATABASE_URL;
  if (!base) {
    fs.chmodSync(dir, 0o755);
    server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), password: crypto.randomBytes(12).toString('hex') });
    base = server.url;
  }
  const name = `by_search_eval_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const database = connect(u.toString(), 4);
  try {
    await migrateDatabase(u.toString());
    const report = await runSearchEval(database.db, { every: Number(arg('every') ?? 1) });
    console.log(process.argv.includes('--json') ? JSON.stringify(report, null, 2) : formatSearchReport(report));
  } finally {
    await database.close();
    if (!process.argv.includes('--keep')) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
