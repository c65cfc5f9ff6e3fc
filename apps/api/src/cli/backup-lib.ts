import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { loadLocalSecrets } from '../platform/secrets.ts';

/**
 * A logical backup of the whole database in one gzipped JSON-lines file, taken in one
 * REPEATABLE READ snapshot (so it is consistent while the app keeps writing), and its restore.
 * It needs no pg_dump (the embedded PostgreSQL ships none, and a system pg_dump older than the
 * server refuses to run), works the same on the embedded and on an external server, and keeps
 * every column type (row_to_json out, json_populate_recordset in).
 *
 * File: line 1 a header {format, version, createdAt, migrations, tables}; then one line per row
 * {t: table, r: row}; then one line per sequence {s: name, v: last value, c: is_called}.
 */
export const BACKUP_FORMAT = 'brickyard-backup';

interface Column {
  name: string;
  identityAlways: boolean;
}
interface Table {
  name: string;
  columns: Column[];
}

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

async function tablesOf(client: pg.Client): Promise<Table[]> {
  const { rows } = await client.query<{ table_name: string; column_name: string; identity_generation: string | null }>(
    `select c.table_name, c.column_name, c.identity_generation
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
  );
  const byName = new Map<string, Table>();
  for (const r of rows) {
    const tbl = byName.get(r.table_name) ?? { name: r.table_name, columns: [] };
    tbl.columns.push({ name: r.column_name, identityAlways: r.identity_generation === 'ALWAYS' });
    byName.set(r.table_name, tbl);
  }
  return [...byName.values()];
}

/** The first line of a backup file. */
type BackupHeader = { format?: string; version?: number; migrations?: string[]; tables?: string[] };

async function migrationsOf(client: pg.Client): Promise<string[]> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists.rows[0]?.t) return [];
  const { rows } = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id');
  return rows.map((r) => r.hash);
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  rowsByTable: Record<string, number>;
}

/** Writes a backup of the database at `url` to `file`. */
export async function backupDatabase(url: string, file: string): Promise<BackupSummary> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tmp = `${file}.partial`;
  const gzip = zlib.createGzip();
  const out = fs.createWriteStream(tmp, { mode: 0o600 });
  gzip.pipe(out);
  const write = (line: string) =>
    new Promise<void>((resolve) => {
      if (gzip.write(line + '\n')) resolve();
      else gzip.once('drain', () => resolve());
    });
  const rowsByTable: Record<string, number> = {};
  let total = 0;
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await tablesOf(client);
    const migrations = await migrationsOf(client);
    await write(
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        migrations,
        tables: tables.map((t) => t.name),
      }),
    );
    for (const tbl of tables) {
      const cols = tbl.columns.map((c) => q(c.name)).join(', ');
      await client.query(
        `declare backup_cursor no scroll cursor for select row_to_json(x)::text as j from (select ${cols} from ${q(tbl.name)}) x`,
      );
      let n = 0;
      for (;;) {
        const { rows } = await client.query<{ j: string }>('fetch 1000 from backup_cursor');
        if (rows.length === 0) break;
        for (const r of rows) await write(`{"t":${JSON.stringify(tbl.name)},"r":${r.j}}`);
        n += rows.length;
      }
      await client.query('close backup_cursor');
      rowsByTable[tbl.name] = n;
      total += n;
    }
    const seqs = await client.query<{ name: string; last_value: string | null; is_called: boolean }>(
      `select sequencename as name, last_value::text, last_value is not null as is_called from pg_sequences where schemaname = 'public'`,
    );
    for (const s of seqs.rows) await write(JSON.stringify({ s: s.name, v: s.last_value, c: s.is_called }));
    await client.query('commit');
    await new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
      gzip.end();
    });
    // only a complete file takes the final name
    fs.renameSync(tmp, file);
    return { file, tables: Object.keys(rowsByTable).length, rows: total, rowsByTable };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(tmp, { force: true });
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * Replaces every row of the database at `url` (already migrated to the same migrations as the
 * backup) with the rows of `file`, in one transaction: a restore that fails leaves the database
 * as it was.
 */
export async function restoreDatabase(url: string, file: string): Promise<BackupSummary> {
  // read whole: the rows go in batches inside one transaction anyway
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rowsByTable: Record<string, number> = {};
  let total = 0;
  try {
    let header: BackupHeader | null = null;
    let tables = new Map<string, Table>();
    let batch = null as { table: string; rows: string[] } | null;
    const flush = async () => {
      if (!batch || batch.rows.length === 0) return;
      const tbl = tables.get(batch.table);
      if (!tbl) throw new Error(`the backup has rows of ${batch.table}, which this database does not have`);
      const cols = tbl.columns.map((c) => q(c.name)).join(', ');
      const overriding = tbl.columns.some((c) => c.identityAlways) ? ' overriding system value' : '';
      await client.query(
        `insert into ${q(tbl.name)} (${cols})${overriding} select ${cols} from json_populate_recordset(null::${q(tbl.name)}, $1::json)`,
        [`[${batch.rows.join(',')}]`],
      );
      rowsByTable[batch.table] = (rowsByTable[batch.table] ?? 0) + batch.rows.length;
      total += batch.rows.length;
      batch.rows = [];
    };
    for (const line of lines) {
      if (!line) continue;
      if (!header) {
        header = JSON.parse(line) as BackupHeader;
        if (header?.format !== BACKUP_FORMAT || header.version !== 1)
          throw new Error(`${file} is not a Brickyard backup`);
        const here = await migrationsOf(client);
        const there = header.migrations ?? [];
        if (here.length !== there.length || here.some((h, i) => h !== there[i])) {
          throw new Error(
            `the backup was taken at migration ${there.length} and this database is at ${here.length}: restore with the version of Brickyard that took it`,
          );
        }
        tables = new Map((await tablesOf(client)).map((t) => [t.name, t]));
        await client.query('begin');
        // foreign keys and triggers are checked by the data itself, which was consistent when taken
        await client.query('set local session_replication_role = replica');
        await client.query(`truncate ${[...tables.keys()].map(q).join(', ')} restart identity cascade`);
        continue;
      }
      if (line.startsWith('{"t":')) {
        // {"t":"name","r":{…}} — take the row text as it is
        const comma = line.indexOf('","r":');
        const table = JSON.parse(line.slice(5, comma + 1)) as string;
        const row = line.slice(comma + 6, -1);
        if (batch?.table !== table) {
          await flush();
          batch = { table, rows: [] };
        }
        batch.rows.push(row);
        if (batch.rows.length >= 500) await flush();
        continue;
      }
      await flush();
      const seq = JSON.parse(line) as { s: string; v: string | null; c: boolean };
      if (seq.v !== null) await client.query('select setval($1::regclass, $2::bigint, $3)', [q(seq.s), seq.v, seq.c]);
    }
    await flush();
    if (!header) throw new Error(`${file} is empty`);
    await client.query('commit');
    return { file, tables: Object.keys(rowsByTable).length, rows: total, rowsByTable };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The database the CLIs work on: DATABASE_URL, or the embedded server of DATA_DIR — the one the
 * running app already started (its port is in postmaster.pid), or one started for the job.
 */
export async function openDatabase(config: {
  databaseUrl?: string | null;
  dataDir: string;
  embeddedPgPort?: number | null;
}) {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  const dir = path.join(config.dataDir, 'pg');
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`no embedded database in ${dir} (set DATA_DIR or DATABASE_URL)`);
  const secrets = loadLocalSecrets(config.dataDir);
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    if (Number.isInteger(pid) && pid > 0 && alive(pid) && Number.isInteger(port)) {
      return {
        url: `postgres://postgres:${encodeURIComponent(secrets.embeddedPgPassword)}@127.0.0.1:${port}/postgres`,
        stop: async () => undefined,
      };
    }
  }
  const server = await startEmbeddedPostgres({
    dir,
    password: secrets.embeddedPgPassword,
    port: config.embeddedPgPort ?? undefined,
  });
  return { url: server.url, stop: () => server.stop() };
}
