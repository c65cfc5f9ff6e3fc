import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { openDatabase, restoreDatabase } from './backup-lib.ts';

/**
 * npm run db:restore -- --file FILE --yes
 * Replaces every row of the database (embedded under DATA_DIR, or DATABASE_URL) with a backup of
 * db:backup, in one transaction. Stop the app first. An empty DATA_DIR gets a new embedded
 * database, migrated, then restored. See docs/reliability.md.
 */
async function main() {
  // npm runs workspace scripts in apps/api: paths (DATA_DIR, --file) are the caller's
  const config = loadConfig();
  process.chdir(config.invocationDir);
  const { values } = parseArgs({ options: { file: { type: 'string' }, yes: { type: 'boolean', default: false } } });
  if (!values.file || !values.yes) {
    console.error('Usage: npm run db:restore -- --file FILE --yes   (replaces all data; stop the app first)');
    process.exit(2);
  }
  const file = path.resolve(values.file);
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  if (!config.databaseUrl) {
    // a new install: create the embedded database
    const { startEmbeddedPostgres } = await import('../db/embedded.ts');
    const { loadLocalSecrets } = await import('../platform/secrets.ts');
    const dir = path.join(config.dataDir, 'pg');
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
      const server = await startEmbeddedPostgres({
        dir,
        password: loadLocalSecrets(config.dataDir).embeddedPgPassword,
      });
      await server.stop();
    }
  }
  const db = await openDatabase(config);
  try {
    await migrateDatabase(db.url);
    const summary = await restoreDatabase(db.url, file);
    console.log(`Restored ${summary.rows} rows of ${summary.tables} tables from ${summary.file}`);
  } finally {
    await db.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(
      err instanceof ConfigError ? err.message : `Restore failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);
