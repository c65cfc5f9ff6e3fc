import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../platform/paths.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// bigint counts come back as JS numbers (they stay far below 2^53 here).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface Database {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export function connect(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * A statement prepared once per database handle (`build` calls `.prepare(name)`), for reads on
 * every request of a busy route: the SQL is not built again and PostgreSQL parses it once per
 * connection.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsDir() });
}

export { schema };
