import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { packagedPrograms, reachableDataFolder, reachablePrograms, startEmbeddedPostgres } from './embedded.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-'));
fs.chmodSync(root, 0o755);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

describe('DESIGN §1 embedded PostgreSQL', () => {
  it('starts in seconds on a free port (never 5432), in a DATA_DIR not made yet, keeps data across a restart, and stops', async () => {
    const dir = path.join(root, 'new', 'data', 'pg');
    const password = crypto.randomBytes(8).toString('hex');
    const t0 = Date.now();
    const first = await startEmbeddedPostgres({ dir, password });
    const firstStart = Date.now() - t0;
    expect(first.port).not.toBe(5432);
    await query(first.url, "create table kept (v text); insert into kept values ('still here')");
    await first.stop();

    const t1 = Date.now();
    const second = await startEmbeddedPostgres({ dir, password });
    const restart = Date.now() - t1;
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    // a server that cannot start says why, in PostgreSQL's words
    const taken = await startEmbeddedPostgres({ dir: path.join(root, 'other'), password, port: second.port }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(taken?.message).toMatch(/did not start: postgres ended[\s\S]*Address already in use/);
    await second.stop();
    // stopped: nothing listens on the port any more
    await expect(
      new Promise((resolve, reject) => {
        const s = net.connect(second.port, '127.0.0.1', () => resolve(s.end()));
        s.on('error', reject);
      }),
    ).rejects.toThrow();
    expect(restart).toBeLessThan(10_000);
    expect(firstStart).toBeLessThan(30_000);
  }, 60_000);
});

describe('a DATA_DIR/pg that is a link', () => {
  it('to a folder holding files but no database: refused at once, the files left as they were', async () => {
    const elsewhere = path.join(root, 'someone-elses');
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(path.join(elsewhere, 'notes.txt'), 'keep me');
    const dir = path.join(root, 'linked', 'pg');
    fs.mkdirSync(path.dirname(dir));
    fs.symlinkSync(elsewhere, dir);
    const err = await startEmbeddedPostgres({ dir, password: 'x' }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toBe(
      `${dir} leads to ${elsewhere}, which holds files but no database. Empty that folder, or let ${dir} be a folder of its own.`,
    );
    expect(fs.readFileSync(path.join(elsewhere, 'notes.txt'), 'utf8')).toBe('keep me');
    expect(fs.readlinkSync(dir)).toBe(elsewhere);
  });

  it('to an empty folder: the database is made there', async () => {
    const elsewhere = path.join(root, 'empty-elsewhere');
    fs.mkdirSync(elsewhere, { mode: 0o755 });
    const dir = path.join(root, 'linked-empty', 'pg');
    fs.mkdirSync(path.dirname(dir));
    fs.symlinkSync(elsewhere, dir);
    const server = await startEmbeddedPostgres({ dir, password: 'x' });
    try {
      expect(server.folder).toBe(elsewhere);
      expect(fs.existsSync(path.join(elsewhere, 'PG_VERSION'))).toBe(true);
      expect(fs.readlinkSync(dir)).toBe(elsewhere);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('as root, a checkout or DATA_DIR the postgres user cannot enter', () => {
  const asRoot = it.runIf(process.getuid?.() === 0);

  asRoot(
    'under a folder only root may enter (a clone in /root): starts with its data in the open folder, DATA_DIR/pg linking there, and keeps it across a restart',
    async () => {
      const locked = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-locked-')); // mode 0700, like /root or mktemp -d
      const home = path.join(root, 'home-data');
      const dir = path.join(locked, 'data', 'pg');
      const password = crypto.randomBytes(8).toString('hex');
      try {
        const first = await startEmbeddedPostgres({ dir, password, reachableHome: home });
        expect(path.dirname(first.folder)).toBe(home);
        expect(fs.readlinkSync(dir)).toBe(first.folder);
        expect(await query(first.url, 'show data_directory')).toEqual([{ data_directory: first.folder }]);
        await query(first.url, "create table kept (v text); insert into kept values ('still here')");
        await first.stop();

        const second = await startEmbeddedPostgres({ dir, password, reachableHome: home });
        expect(second.folder).toBe(first.folder);
        expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
        await second.stop();

        // an emptied DATA_DIR is a new, empty database, as anywhere else
        fs.rmSync(path.join(locked, 'data'), { recursive: true, force: true });
        const third = await startEmbeddedPostgres({ dir, password, reachableHome: home });
        expect(third.folder).not.toBe(first.folder);
        expect(await query(third.url, "select to_regclass('kept') as kept")).toEqual([{ kept: null }]);
        await third.stop();
      } finally {
        fs.rmSync(locked, { recursive: true, force: true });
      }
    },
    90_000,
  );

  asRoot(
    'a cluster already inside such a folder: a clear error at once, naming the folder, nothing moved',
    async () => {
      const locked = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-kept-'));
      try {
        const dir = path.join(locked, 'pg');
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
        const started = Date.now();
        const err = await startEmbeddedPostgres({
          dir,
          password: 'x',
          reachableHome: path.join(root, 'home-kept'),
        }).then(
          () => null,
          (e: unknown) => e as Error,
        );
        expect(err?.message).toContain(`may not enter ${locked}`);
        expect(err?.message).toContain('chmod o+x');
        expect(fs.readdirSync(dir)).toEqual(['PG_VERSION']);
        expect(Date.now() - started).toBeLessThan(2_000);
      } finally {
        fs.rmSync(locked, { recursive: true, force: true });
      }
    },
  );

  asRoot('with no open folder to go to either: the error names the closed folder and why the other cannot help', () => {
    const locked = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-nowhere-'));
    try {
      const home = path.join(locked, 'home'); // under the same closed folder
      // the data folder's own check (a start checks the programs first, which in a checkout under
      // /root would name that folder instead)
      let err: Error | null = null;
      try {
        reachableDataFolder(path.join(locked, 'pg'), home);
      } catch (e) {
        err = e as Error;
      }
      expect(err?.message).toContain(`may not enter ${locked}`);
      expect(err?.message).toContain(
        `${home}, where it would go instead, cannot be used: ${locked} is closed to it too`,
      );
      expect(fs.existsSync(path.join(locked, 'pg'))).toBe(false);
    } finally {
      fs.rmSync(locked, { recursive: true, force: true });
    }
  });

  asRoot('programs under such a folder are copied once to the open folder, whole, and run from there', () => {
    const locked = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-checkout-'));
    const home = path.join(root, 'home-programs');
    try {
      const packaged = { folder: path.join(locked, 'native'), version: '17.0.0-test' };
      fs.cpSync(packagedPrograms().folder, packaged.folder, { recursive: true, verbatimSymlinks: true });
      const copied = reachablePrograms(packaged, home);
      expect(copied.folder).toBe(path.join(home, 'postgres-17.0.0-test'));
      expect(fs.readdirSync(home)).toEqual(['postgres-17.0.0-test']); // no half copy left beside it
      const version = execFileSync(path.join(copied.folder, 'bin', 'postgres'), ['--version'], {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
        encoding: 'utf8',
      });
      expect(version).toMatch(/^postgres \(PostgreSQL\) 17\./);
      // the second start finds the copy made
      const before = fs.statSync(path.join(copied.folder, 'bin', 'postgres')).mtimeMs;
      expect(reachablePrograms(packaged, home).folder).toBe(copied.folder);
      expect(fs.statSync(path.join(copied.folder, 'bin', 'postgres')).mtimeMs).toBe(before);
      // programs the postgres user reaches stay where they are
      expect(reachablePrograms(copied, home)).toBe(copied);
    } finally {
      fs.rmSync(locked, { recursive: true, force: true });
    }
  });
});
