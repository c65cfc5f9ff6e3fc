import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { JOBS_SCHEMA } from '../platform/jobs/jobs.repository.ts';
import { migrationsDir } from '../platform/paths.ts';

const MIGRATION_LOCK = 724_311_001;

/**
 * Applies the committed drizzle-kit migrations, then installs or upgrades the job queue's own
 * tables (pg-boss, schema `pgboss`); an advisory lock keeps concurrent starts in line.
 */
export async function migrateDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: migrationsDir() });
    const boss = new PgBoss({
      schema: JOBS_SCHEMA,
      db: { executeSql: async (text, values) => client.query(text, values) },
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.stop({ graceful: false, close: false, wait: true });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
