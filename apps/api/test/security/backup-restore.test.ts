/**
 * docs/reliability.md, backup and restore: `npm run db:backup` / `db:restore` round trip. The data of a
 * running app (users, tenders, items, a conversation, a stored file, a contract) is backed up,
 * restored into a new embedded database under an empty DATA_DIR, and backed up again from there:
 * both backups hold the same rows. A restore also undoes later changes, and a broken file
 * changes nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backupDatabase, restoreDatabase } from '../../src/cli/backup-lib.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { bundledProgram } from '../server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-backup-'));
fs.chmodSync(work, 0o755); // the embedded server may run as another user when we are root
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const [buyer, supplier] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Backup Buyer Ltd' }),
    t.createUser({ role: 'supplier' }),
  ]);
  const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString();
  const tender = await t.request('POST', '/api/tender', {
    token: buyer.token,
    body: {
      title: 'Backup tender £ “quotes” 🏗️',
      description: "Concrete, O'Brien & Sons — unicode and quotes survive.",
      category: 'concrete',
      budget: 1234.56,
      region: 'north-west',
      deadline,
    },
  });
  expect(tender.status).toBe(201);
  expect(
    (
      await t.request('POST', '/api/catalogue', {
        token: supplier.token,
        body: {
          title: 'Backup item',
          description: 'Ready-mix concrete for the backup test.',
          category: 'concrete',
          value: 99.99,
          region: 'north-west',
          availability: 'available',
          certifications: ['BSI Kitemark'],
        },
      })
    ).status,
  ).toBe(201);
  const conv = await t.request('POST', '/api/conversation', { token: buyer.token, body: { userId: supplier.id } });
  expect(
    (
      await t.request('POST', '/api/sendMessage', {
        token: buyer.token,
        body: { conversationId: conv.body.data.id, text: 'Line one\nLine two\t\\ "quoted"' },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await t.request('POST', '/api/contract', {
        token: buyer.token,
        body: { tenderId: tender.body.data.id, supplierId: supplier.id, value: 1000, terms: 'Net 30' },
      })
    ).status,
  ).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** table → its rows as sorted JSON text */
function readBackup(file: string): Map<string, string[]> {
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
  const out = new Map<string, string[]>();
  for (const line of lines.slice(1)) {
    const rec = JSON.parse(line) as { t?: string; r?: unknown; s?: string; v?: string };
    const key = rec.t ?? `sequence ${rec.s}`;
    out.set(key, [...(out.get(key) ?? []), JSON.stringify(rec.r ?? rec.v)]);
  }
  for (const rows of out.values()) rows.sort();
  return out;
}

function cli(script: 'db-backup' | 'db-restore' | 'create-admin', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const proc = spawn(process.execPath, [...bundledProgram(script), ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', INIT_CWD: ROOT, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (d) => (output += String(d)));
    proc.stderr.on('data', (d) => (output += String(d)));
    proc.on('exit', (code) => resolve({ code, output }));
  });
}

async function counts(): Promise<Record<string, number>> {
  const res = await t.db.execute(
    sql.raw(
      `select 'users' as t, count(*)::int as n from users union all select 'tenders', count(*)::int from tenders union all select 'messages', count(*)::int from messages union all select 'contracts', count(*)::int from contracts`,
    ),
  );
  return Object.fromEntries((res.rows as { t: string; n: number }[]).map((r) => [r.t, r.n]));
}

describe('db:backup / db:restore', () => {
  it('round-trips through the CLIs: PostgreSQL (DATABASE_URL) → backup → a new embedded database → backup, same rows', async () => {
    const first = path.join(work, 'first.jsonl.gz');
    const second = path.join(work, 'second.jsonl.gz');
    const fromExternal = await cli('db-backup', ['--out', first], {
      DATA_DIR: path.join(work, 'unused'),
      DATABASE_URL: t.databaseUrl,
    });
    expect(fromExternal.code, fromExternal.output).toBe(0);
    expect(fromExternal.output).toMatch(/Backed up \d+ rows of \d+ tables/);

    const dataDir = path.join(work, 'restored-data');
    const usage = await cli('db-restore', ['--file', first], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2); // refuses without --yes
    const restored = await cli('db-restore', ['--file', first, '--yes'], { DATA_DIR: dataDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/Restored \d+ rows/);
    const again = await cli('db-backup', ['--out', second], { DATA_DIR: dataDir });
    expect(again.code, again.output).toBe(0);

    const a = readBackup(first);
    const b = readBackup(second);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [table, rows] of a) expect(b.get(table), table).toEqual(rows);
    expect(a.get('users')?.length).toBeGreaterThanOrEqual(2);
    expect(a.get('tenders')?.join('')).toContain('Backup tender £ “quotes” 🏗️');
    expect(a.get('messages')?.join('')).toContain('Line one\\nLine two');
  }, 240_000);

  /** pg_dump's major version when it can dump the server of this run (it must not be older). */
  function pgDumpFits(): boolean {
    try {
      const client = execFileSync('pg_dump', ['--version'], { encoding: 'utf8' });
      const server = execFileSync('psql', [t.databaseUrl, '-tAc', 'show server_version_num'], { encoding: 'utf8' });
      return Number(/(\d+)\./.exec(client)?.[1]) >= Math.floor(Number(server.trim()) / 10000);
    } catch {
      return false;
    }
  }

  it.runIf(inject('pgTarget') === 'external')(
    'the documented pg_dump / pg_restore path of an external PostgreSQL round-trips too',
    async (ctx) => {
      if (!pgDumpFits()) return ctx.skip();
      const dump = path.join(work, 'external.dump');
      execFileSync('pg_dump', ['--format=custom', '--no-owner', '--file', dump, t.databaseUrl]);
      const target = new URL(t.databaseUrl);
      const name = `${target.pathname.slice(1)}_restored`;
      const admin = new URL(t.databaseUrl);
      admin.pathname = '/postgres';
      execFileSync('psql', [admin.toString(), '-c', `create database "${name}"`]);
      target.pathname = `/${name}`;
      try {
        execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', target.toString(), dump]);
        const a = path.join(work, 'external-a.jsonl.gz');
        const b = path.join(work, 'external-b.jsonl.gz');
        await backupDatabase(t.databaseUrl, a);
        await backupDatabase(target.toString(), b);
        const x = readBackup(a);
        const y = readBackup(b);
        for (const [table, rows] of x) expect(y.get(table), table).toEqual(rows);
      } finally {
        execFileSync('psql', [admin.toString(), '-c', `drop database if exists "${name}" with (force)`]);
      }
    },
    120_000,
  );

  it('restores over later changes, in one transaction; a broken backup leaves the database as it was', async () => {
    const file = path.join(work, 'before.jsonl.gz');
    await backupDatabase(t.databaseUrl, file);
    const before = await counts();
    const buyer = await t.createUser({ role: 'buyer' });
    const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString();
    await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: {
        title: 'After the backup',
        description: 'A tender made after the backup was taken.',
        category: 'concrete',
        budget: 10,
        region: 'north-west',
        deadline,
      },
    });
    expect((await counts()).tenders).toBe(before.tenders! + 1);

    const broken = path.join(work, 'broken.jsonl.gz');
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    // a valid backup with one bad row at the end: everything before it was already inserted
    fs.writeFileSync(broken, zlib.gzipSync(`${text}{"t":"tenders","r":{"id":"not-a-uuid"}}\n`));
    await expect(restoreDatabase(t.databaseUrl, broken)).rejects.toThrow();
    expect((await counts()).tenders).toBe(before.tenders! + 1);

    await restoreDatabase(t.databaseUrl, file);
    expect(await counts()).toEqual(before);
    // the restored rows are usable by the app: sign-in and reads work
    const roundTrip = path.join(work, 'round-trip.jsonl.gz');
    await backupDatabase(t.databaseUrl, roundTrip);
    const x = readBackup(file);
    const y = readBackup(roundTrip);
    for (const [table, rows] of x) expect(y.get(table), table).toEqual(rows);
  }, 120_000);
});

describe('npm run admin:create', () => {
  it('creates the first admin from ADMIN_PASSWORD (never an argument), once, and refuses to run without it', async () => {
    const env = { DATA_DIR: path.join(work, 'unused'), DATABASE_URL: t.databaseUrl };
    const args = ['--email', 'ops@admin-cli.test', '--first', 'Ada', '--last', 'Lovelace'];
    const missing = await cli('create-admin', args, env);
    expect(missing.code, missing.output).toBe(2);
    expect(missing.output).toContain('ADMIN_PASSWORD');
    const created = await cli('create-admin', args, { ...env, ADMIN_PASSWORD: 'Correct-Horse-9-Battery' });
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('Admin ops@admin-cli.test created');
    const rows = await t.db.execute(
      sql`select role, approved, email_verified_at is not null as verified from users where email = 'ops@admin-cli.test'`,
    );
    expect(rows.rows).toEqual([{ role: 'admin', approved: true, verified: true }]);
    const again = await cli('create-admin', args, { ...env, ADMIN_PASSWORD: 'Correct-Horse-9-Battery' });
    expect(again.code).toBe(1);
    expect(again.output).toContain('already exists');
  }, 120_000);
});
