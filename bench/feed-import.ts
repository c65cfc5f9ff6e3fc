/**
 * Feed import speed (docs/design.md section 8: at least 2,000 releases/s), a section of `npm run bench`
 * (`npm run bench -- --only feed-import`; BENCH_FEED_RELEASES sets the size, default 20,000).
 * Builds a synthetic release package from the shipped real releases (each copy gets a new ocid
 * and release id, nothing else changes), imports it into a fresh database (the embedded
 * PostgreSQL, or a new database on BENCH_DATABASE_URL's server), then imports it again (all
 * unchanged), and reports both speeds.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { migrateDatabase } from '../apps/api/src/db/migrate.ts';
import { SNAPSHOT_FILE } from '../apps/api/src/modules/external-tenders/feed-jobs.ts';
import {
  formatSummary,
  importFiles,
  releasesPerSecond,
} from '../apps/api/src/modules/external-tenders/feed-importer.ts';
import { line } from './lib.ts';

const RELEASES = Number(process.env.BENCH_FEED_RELEASES ?? 20_000);

function syntheticPackage(dir: string, n: number): string {
  const real = JSON.parse(fs.readFileSync(SNAPSHOT_FILE, 'utf8')) as { releases: { ocid: string; id: string }[] };
  const releases = Array.from({ length: n }, (_, i) => {
    const r = real.releases[i % real.releases.length]!;
    const copy = Math.floor(i / real.releases.length);
    return { ...r, ocid: `${r.ocid}-bench${copy}`, id: `${r.id}-bench${copy}` };
  });
  const file = path.join(dir, 'synthetic-release-package.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ uri: 'urn:brickyard:bench', version: '1.1', publisher: { name: 'bench' }, releases }),
  );
  return file;
}

export async function benchFeedImport(opts: { databaseUrl?: string }): Promise<string[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-bench-feed-'));
  fs.chmodSync(tmp, 0o755); // the embedded server may run as another user
  const file = syntheticPackage(tmp, RELEASES);
  const embedded = opts.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), password: crypto.randomBytes(12).toString('hex') });
  let url = embedded?.url ?? opts.databaseUrl!;
  let dropDatabase: (() => Promise<void>) | null = null;
  if (opts.databaseUrl) {
    const name = `by_bench_feed_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: opts.databaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(opts.databaseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  try {
    await migrateDatabase(url);
    const { db, close } = connect(url, 4);
    const first = await importFiles(db, [file]);
    const again = await importFiles(db, [file]);
    await close();
    const speed = releasesPerSecond(first);
    const reSpeed = releasesPerSecond(again);
    return [
      `feed import of ${RELEASES.toLocaleString('en-GB')} releases:\n${formatSummary(first)}`,
      line(
        'feed import (new releases)',
        `${speed.toLocaleString('en-GB')} releases/s`,
        '>= 2,000 releases/s',
        speed >= 2000,
      ),
      line(
        'feed re-import (all unchanged)',
        `${reSpeed.toLocaleString('en-GB')} releases/s`,
        '>= 2,000 releases/s',
        reSpeed >= 2000,
      ),
    ];
  } finally {
    await embedded?.stop();
    await dropDatabase?.();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
