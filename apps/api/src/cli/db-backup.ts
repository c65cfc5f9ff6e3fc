import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { backupDatabase, openDatabase } from './backup-lib.ts';

/**
 * npm run db:backup [-- --out FILE]
 * A consistent backup of the database (embedded under DATA_DIR, or DATABASE_URL) while the app
 * runs or not. Default file: DATA_DIR/backups/brickyard-<UTC time>.jsonl.gz. See docs/reliability.md.
 */
async function main() {
  // npm runs workspace scripts in apps/api: paths (DATA_DIR, --out, --file) are the caller's
  const config = loadConfig();
  process.chdir(config.invocationDir);
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(values.out ?? path.join(config.dataDir, 'backups', `brickyard-${stamp}.jsonl.gz`));
  const db = await openDatabase(config);
  try {
    const summary = await backupDatabase(db.url, file);
    console.log(`Backed up ${summary.rows} rows of ${summary.tables} tables to ${summary.file}`);
  } finally {
    await db.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(
      err instanceof ConfigError ? err.message : `Backup failed: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(1);
  },
);
