import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { getTableColumns, sql, type Placeholder, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';
import pg from 'pg';
import { migrationsDir } from '../platform/paths.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Whether a handle is a transaction (a statement prepared per database handle is not used in one). */
export const inTransaction = (db: DbOrTx): db is Tx => db instanceof PgTransaction;

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
  return preparedPerHandle<T>(build);
}

/**
 * preparedPerDb for reads that also run inside transactions: on a transaction the statement is
 * built once for it and runs on its connection under the same name (PostgreSQL keeps named
 * statements per connection, so one prepared there before is used as it is).
 */
export function preparedPerHandle<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const statements = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * Statements whose SQL depends on which optional filters a request sets (a list's filters and
 * sort): one statement prepared per shape, built at the shape's first use and kept per database
 * handle. `shapeOf` names what the SQL depends on, never the values. Past `maxShapes` shapes a
 * new one gets null and its caller builds the query as usual, so a client cycling through filter
 * combinations cannot grow each connection's prepared statements without bound.
 */
export function preparedPerShape<A, T>(
  name: string,
  shapeOf: (args: A) => string,
  build: (db: Db, statementName: string, args: A) => T,
  maxShapes = 48,
): (db: Db, args: A) => T | null {
  // One name per shape across handles: the same shape is the same SQL on every database.
  const names = new Map<string, string>();
  const statements = new WeakMap<Db, Map<string, T>>();
  return (db, args) => {
    const shape = shapeOf(args);
    let statementName = names.get(shape);
    if (statementName === undefined) {
      if (names.size >= maxShapes) return null;
      statementName = `${name}_${names.size}`;
      names.set(shape, statementName);
    }
    let built = statements.get(db);
    if (!built) statements.set(db, (built = new Map<string, T>()));
    let statement = built.get(shape);
    if (statement === undefined) {
      statement = build(db, statementName, args);
      built.set(shape, statement);
    }
    return statement;
  };
}

/**
 * How a filter's values enter its SQL: as the values themselves (`literalValues`, for a query built
 * per request or a condition another query embeds), or as placeholders named by their keys
 * (`placeholderValues`, in a statement prepared per shape and executed with the filter as values).
 */
export interface Bind {
  value<T>(key: string, value: T): T | Placeholder<string, T>;
  /** An array as one parameter (`= any(...)`), not a list of parameters. */
  array(key: string, values: readonly unknown[]): SQLWrapper;
}
export const literalValues: Bind = { value: (_key, value) => value, array: (_key, values) => sql.param([...values]) };
export const placeholderValues: Bind = { value: (key) => sql.placeholder(key), array: (key) => sql.placeholder(key) };

/**
 * What a list statement's SQL depends on: which filters are set and the order. Values are
 * placeholders, except flags, whose value picks the condition (in stock or not), and arrays of
 * one, which a filter may compare as an equality (an index walked in order).
 */
export const filterShape = (filter: object, sort: string): string =>
  `${sort}|${Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) =>
      typeof value === 'boolean' ? `${key}=${value}` : Array.isArray(value) && value.length === 1 ? `${key}[1]` : key,
    )
    .sort()
    .join(',')}`;

const dialect = new PgDialect();

/** As drizzle's own `execute`: date and time values come back as PostgreSQL's text. */
const textTimeTypes = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (v: string) => v;
const rawTimeTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    textTimeTypes.has(oid)
      ? asText
      : (pg.types.getTypeParser(oid, format) as (v: string) => unknown)) as typeof pg.types.getTypeParser,
};

/**
 * What a raw statement runs on: the pool (drizzle(pool) keeps it as `$client`), or in a transaction
 * the connection it holds (its session's `client`). Neither is in drizzle's types.
 */
function clientOf(db: DbOrTx): pg.Pool | pg.PoolClient | undefined {
  return inTransaction(db)
    ? (db as unknown as { session?: { client?: pg.PoolClient } }).session?.client
    : (db as { $client?: pg.Pool }).$client;
}

/**
 * Raw statements (built with `sql`, run as `db.execute` runs them) prepared by their text: a
 * statement whose text was seen before runs under the same name, so PostgreSQL plans it once per
 * connection and then reuses its plan, instead of planning it on every request (for the search's
 * hits and facets, planning took three times as long as running). The texts differ only by their
 * shape (which filters are set), never by values; past `maxNames` texts a statement runs unnamed as
 * before. In a transaction it runs on the transaction's connection, prepared there.
 */
export function namedRawStatements(prefix: string, maxNames = 64) {
  const names = new Map<string, string>();
  return async function run<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let name = names.get(text);
    if (name === undefined && names.size < maxNames) {
      name = `${prefix}_${names.size}`;
      names.set(text, name);
    }
    const client = clientOf(db);
    if (name === undefined || !client) return (await db.execute(query)).rows as T[];
    const result = await client.query<T>({ name, text, values: params, types: rawTimeTypes });
    return result.rows;
  };
}

/**
 * `table`'s columns for a raw select, each named as its drizzle key (`c."user_id" as "userId"`), so
 * a row read by `rowsByText` has the shape of `table.$inferSelect`: node-postgres's own parsers give
 * the same values drizzle's mapping does (dates as Date, arrays, JSON, and bigint as a number above).
 */
export function columnsAs(table: Table, alias: string): string {
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => `${alias}."${column.name}" as "${key}"`)
    .join(', ');
}

/**
 * A read of one fixed text under one name (prepared once per connection), its rows as node-postgres
 * makes them. For the one-object reads behind every detail screen: drizzle's prepared query maps
 * each cell through its column (`mapResultRow`) inside a tracing span, which cost about a tenth of
 * such a read's CPU.
 */
export function rowsByText<T>(name: string, text: string) {
  return async (db: DbOrTx, values: unknown[]): Promise<T[]> => {
    const client = clientOf(db);
    if (!client) throw new Error(`no connection for ${name}`);
    return (await client.query({ name, text, values })).rows as T[];
  };
}

/** A page of a list as rows to skip and take. */
export interface Slice {
  limit: number;
  offset: number;
}

/**
 * PostgreSQL plans a statement whose LIMIT or OFFSET is a parameter as if it fetched a tenth of
 * the rows (planner.c, preprocess_limit). For a page of 20 its generic plan then always looks
 * dearer than a custom one, so a prepared page statement is planned again on every run (measured:
 * 10 of 10 runs custom, 1.22 ms a run against 0.95 ms with its numbers in the text). The first page
 * at the default size, which most visits read, is prepared with its numbers written in: planned
 * once per connection. Other pages keep their parameters (one statement, whatever the page).
 */
const FIRST_PAGE: Slice = { limit: 20, offset: 0 };
const isFirstPage = (slice: Slice) => slice.offset === 0 && slice.limit === FIRST_PAGE.limit;

/**
 * `placeholderValues`, but the page's LIMIT written in (and OFFSET 0, which drizzle leaves out):
 * for the first-page statement of a list prepared per shape (above).
 */
const firstPageValues: Bind = {
  value: <T>(key: string, value: T) =>
    key === 'limit'
      ? // drizzle writes a number as a parameter, and an SQL chunk as it is (its type says number)
        (sql.raw(String(Math.trunc(Number(value)))) as unknown as T)
      : key === 'offset'
        ? (0 as T)
        : sql.placeholder(key),
  array: (key) => sql.placeholder(key),
};

/**
 * A page statement of a list with one shape, prepared once per database handle in two: the first
 * page (FIRST_PAGE) with its numbers written in, which PostgreSQL plans once per connection, and
 * every other page with its LIMIT and OFFSET as parameters. `select` builds the page for a slice
 * and a way to bind those two (`v.value('limit', slice.limit)`, likewise `offset`). Execute it with
 * the slice's values: the first page's statement has no parameter for them and ignores them.
 */
export function preparedPage<T>(
  name: string,
  select: (db: DbOrTx, slice: Slice, v: Bind) => { prepare(statementName: string): T },
): (db: DbOrTx, slice: Slice) => T {
  const first = preparedPerHandle((db) => select(db, FIRST_PAGE, firstPageValues).prepare(`${name}_first`));
  const other = preparedPerHandle((db) => select(db, { limit: 0, offset: 0 }, placeholderValues).prepare(name));
  return (db, slice) => (isFirstPage(slice) ? first(db) : other(db));
}

/**
 * A list's page statement per shape of its filter (preparedPerShape), the first page apart with its
 * numbers written in (FIRST_PAGE): `select` builds the page for a slice and a way to bind values.
 */
export function preparedPagePerShape<A, T>(
  name: string,
  shapeOf: (args: A) => string,
  select: (db: Db, args: A, slice: Slice, v: Bind) => { prepare(statementName: string): T },
): (db: Db, args: A, slice: Slice) => T | null {
  const statement = preparedPerShape(
    name,
    ({ args, first }: { args: A; first: boolean }) => `${shapeOf(args)}${first ? ' first' : ''}`,
    (db, statementName, { args, first }) =>
      select(
        db,
        args,
        first ? FIRST_PAGE : { limit: 0, offset: 0 },
        first ? firstPageValues : placeholderValues,
      ).prepare(statementName),
  );
  return (db, args, slice) => statement(db, { args, first: isFirstPage(slice) });
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsDir() });
}

export { schema };
