/**
 * docs/reliability.md, crash safety: the real server (bundled from the source as `npm run build`
 * does, test/server-bundle.ts; a temp DATA_DIR) takes a stream of writes — tenders, messages,
 * uploads — and is killed with SIGKILL in the middle of it. On the embedded PostgreSQL the whole
 * process group dies (the database too, as in a power cut); on an external one (TEST_DATABASE_URL)
 * the API process does. After a restart every acknowledged write is there, nothing half-written is
 * visible, and the server starts cleanly and stops cleanly.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../src/db/embedded.ts';
import { hashPassword } from '../../src/platform/auth/passwords.ts';
import {
  callServer as api,
  killServer,
  serverExited as exited,
  startServerProcess,
  type ServerProcess as Server,
} from '../server-process.ts';

const PASSWORD = 'Crash-test-pass-1';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const crashFigures: Record<
  string,
  { acknowledged: number; found: number; tenders: number; messages: number; uploads: number }
> = {};

async function databaseUrlOf(dataDir: string, externalUrl: string | null, port: number): Promise<string> {
  if (externalUrl) return externalUrl;
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    embeddedPgPassword: string;
  };
  return `postgres://postgres:${encodeURIComponent(secrets.embeddedPgPassword)}@127.0.0.1:${port}/postgres`;
}

async function seedUsers(dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const hash = await hashPassword(PASSWORD);
  const ids: Record<string, string> = {};
  for (const role of ['buyer', 'supplier'] as const) {
    const email = `${role}-${crypto.randomBytes(3).toString('hex')}@crash.test`;
    const { rows } = await client.query<{ id: string }>(
      `insert into users (email, password_hash, role, first_name, last_name, company_name, approved, email_verified_at)
       values ($1, $2, $3, 'Crash', 'Test', $4, true, now()) returning id`,
      [email, hash, role, `Crash ${role} Ltd`],
    );
    ids[role] = rows[0]!.id;
    await client.query(
      `insert into subscriptions (user_id, plan, cycle, status, provider, price_paid_pence, current_period_start, current_period_end)
       values ($1, 'GROWTH', 'monthly', 'active', 'local', 0, now(), now() + interval '1 month')`,
      [rows[0]!.id],
    );
    ids[`${role}Email`] = email;
  }
  await client.end();
  return ids;
}

async function runCrash(target: 'embedded' | 'external') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-crash-'));
  fs.chmodSync(dataDir, 0o755); // the embedded server may run as another user when we are root
  const pgPort = await freePort();
  let externalUrl: string | null = null;
  let adminUrl: string | null = null;
  let dbName = '';
  if (target === 'external') {
    adminUrl = process.env.TEST_DATABASE_URL!;
    dbName = `by_crash_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    externalUrl = u.toString();
  }
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    ...(externalUrl ? { DATABASE_URL: externalUrl } : {}),
  };
  let server: Server | null = null;
  try {
    server = await startServerProcess({ BILLING_JOB_ENABLED: 'false', ...env }, { detached: true });
    const dbUrl = await databaseUrlOf(dataDir, externalUrl, pgPort);
    const ids = await seedUsers(dbUrl);
    const login = async (email: string) =>
      (await api(server!, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD })).body.data
        .token as string;
    const buyer = await login(ids.buyerEmail!);
    const supplier = await login(ids.supplierEmail!);
    const conv = await api(server, 'POST', '/api/conversation', buyer, { userId: ids.supplier });
    expect(conv.status).toBe(201);

    // the stream of writes: three writers, each records what the server acknowledged
    const acked = { tenders: [] as string[], messages: [] as string[], uploads: [] as { key: string; size: number }[] };
    let stop = false;
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const writers = [
      (async () => {
        for (let i = 0; !stop; i++) {
          const r = await api(server, 'POST', '/api/tender', buyer, {
            title: `Crash tender ${i}`,
            description: 'Ready-mix concrete for the crash-safety test, delivered in phases.',
            category: 'concrete',
            budget: 1000 + i,
            region: 'north-west',
            deadline,
          }).catch(() => null);
          if (r?.status === 201) acked.tenders.push(r.body.data.id);
        }
      })(),
      (async () => {
        for (let i = 0; !stop; i++) {
          // message sending is limited per minute; alternate the two parties
          const r = await api(server, 'POST', '/api/sendMessage', i % 2 ? supplier : buyer, {
            conversationId: conv.body.data.id,
            text: `Crash message ${i}`,
          }).catch(() => null);
          if (r?.status === 201) acked.messages.push(r.body.data.id);
          else await new Promise((res) => setTimeout(res, 50));
        }
      })(),
      (async () => {
        for (let i = 0; !stop; i++) {
          try {
            const p = await api(server, 'POST', '/api/upload/presigned-upload-url', supplier, {
              userId: ids.supplier,
              fileName: `crash-${i}.pdf`,
              fileType: 'application/pdf',
              uploadType: 'contract-document',
            });
            if (p.status !== 200) continue;
            const bytes = Buffer.concat([PDF, Buffer.alloc(1000 + i * 37, 32)]);
            const put = await fetch(server.url + p.body.data.uploadURL, {
              method: 'PUT',
              body: new Uint8Array(bytes),
              headers: { 'content-type': 'application/octet-stream' },
              signal: AbortSignal.timeout(15_000),
            });
            if (put.status === 200) acked.uploads.push({ key: p.body.data.key, size: bytes.length });
          } catch {
            // the server died under us
          }
        }
      })(),
    ];
    // let the writes flow, then pull the plug in the middle of them
    const until = Date.now() + 20_000;
    while (Date.now() < until && acked.tenders.length + acked.messages.length + acked.uploads.length < 150)
      await new Promise((r) => setTimeout(r, 50));
    killServer(server, 'SIGKILL', true);
    await exited(server);
    stop = true;
    await Promise.all(writers);
    const acknowledged = acked.tenders.length + acked.messages.length + acked.uploads.length;
    expect(acknowledged).toBeGreaterThan(20);

    // restart on the same data
    server = await startServerProcess({ BILLING_JOB_ENABLED: 'false', ...env }, { detached: true });
    const client = new pg.Client({ connectionString: await databaseUrlOf(dataDir, externalUrl, pgPort) });
    await client.connect();
    try {
      const foundTenders =
        (await client.query(`select id from tenders where id = any($1::uuid[])`, [acked.tenders])).rowCount ?? 0;
      const foundMessages =
        (await client.query(`select id from messages where id = any($1::uuid[])`, [acked.messages])).rowCount ?? 0;
      const files = await client.query<{ key: string; status: string; size_bytes: number | null }>(
        `select key, status, size_bytes::int from files where key = any($1::text[])`,
        [acked.uploads.map((u) => u.key)],
      );
      const readyOnDisk = files.rows.filter((f) => {
        const p = path.join(dataDir, 'storage', f.key);
        return (
          f.status === 'ready' &&
          fs.existsSync(p) &&
          fs.statSync(p).size === acked.uploads.find((u) => u.key === f.key)!.size
        );
      }).length;
      const found = foundTenders + foundMessages + readyOnDisk;
      crashFigures[target] = {
        acknowledged,
        found,
        tenders: acked.tenders.length,
        messages: acked.messages.length,
        uploads: acked.uploads.length,
      };
      console.log(
        `crash (${target}): acknowledged ${acknowledged} (tenders ${acked.tenders.length}, messages ${acked.messages.length}, uploads ${acked.uploads.length}), found ${found}`,
      );
      expect({ tenders: foundTenders, messages: foundMessages, uploads: readyOnDisk }).toEqual({
        tenders: acked.tenders.length,
        messages: acked.messages.length,
        uploads: acked.uploads.length,
      });

      // nothing half-written is visible: every ready file has its bytes, every message its conversation,
      // no temporary file sits under a key, and the API reads everything it lists
      const allReady = await client.query<{ key: string; size_bytes: number }>(
        `select key, size_bytes::int from files where status = 'ready'`,
      );
      for (const f of allReady.rows)
        expect(fs.statSync(path.join(dataDir, 'storage', f.key)).size, f.key).toBe(f.size_bytes);
      const orphans = await client.query(
        `select m.id from messages m left join conversations c on c.id = m.conversation_id where c.id is null`,
      );
      expect(orphans.rowCount).toBe(0);
      const list = await api(server, 'GET', `/api/tender/buyerTenders?pageSize=100`, await login(ids.buyerEmail!));
      expect(list.status).toBe(200);
      const msgs = await api(server, 'GET', `/api/messages/${conv.body.data.id}`, await login(ids.supplierEmail!));
      expect(msgs.status).toBe(200);
    } finally {
      await client.end();
    }

    // it starts cleanly (no error in its output) and stops cleanly
    expect(server.output.join('')).not.toMatch(/"level":(50|60)|Error:/);
    killServer(server, 'SIGTERM', true);
    expect(await exited(server)).toBe(0);
    server = null;
  } finally {
    if (server) {
      killServer(server, 'SIGKILL', true);
      await exited(server);
    }
    if (target === 'embedded') {
      // the database of the killed group may still be shutting down
      const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
      if (fs.existsSync(pidFile)) {
        const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
        try {
          if (pid > 0) process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

afterAll(() => {
  if (Object.keys(crashFigures).length) console.log(`crash figures: ${JSON.stringify(crashFigures)}`);
});

// Each run of the API suite covers its own database target (npm test runs it on both).
const target = inject('pgTarget');

describe('crash safety under SIGKILL', () => {
  it.runIf(target === 'embedded')(
    'embedded PostgreSQL: every acknowledged write survives a kill of the whole server, and it restarts cleanly',
    async () => {
      await runCrash('embedded');
    },
    300_000,
  );

  it.runIf(target === 'external')(
    'external PostgreSQL (TEST_DATABASE_URL): every acknowledged write survives a kill of the API',
    async () => {
      await runCrash('external');
    },
    300_000,
  );
});
