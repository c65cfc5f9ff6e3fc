/**
 * docs/reliability.md, scale-out: two API processes (the server bundled from the source as
 * `npm run build` does, test/server-bundle.ts; each with its own DATA_DIR and nothing in memory
 * shared) against one PostgreSQL (the run's server: the embedded one, or TEST_DATABASE_URL) and
 * one S3-protocol store (s3rver on 127.0.0.1), as behind a load balancer. Sessions work on either,
 * messages and notifications cross between them, a scheduled job runs once, and a file uploaded
 * through one downloads through the other.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMonths, subDays } from 'date-fns';
import { hashPassword } from '../../src/platform/auth/passwords.ts';
import { cloneTemplateDatabase } from '../harness.ts';
import { callServer as api, startServerProcess, type ServerProcess } from '../server-process.ts';
import { connectSse, type SseClient } from '../sse.ts';

const PASSWORD = 'Scale-out-pass-1';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Title (Scale-out) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const BUCKET = 'brickyard-scale-out';

let s3: S3rver;
let s3Dir: string;
let databaseUrl: string;
let dbName: string;
type Instance = ServerProcess & { name: string };
const instances: Instance[] = [];
const dataDirs: string[] = [];
const streams: SseClient[] = [];
let a: Instance;
let b: Instance;
const ids: Record<string, string> = {};
/** the renewal due before the processes start: its period end, to check it moved exactly once */
let duePeriodEnd: Date;

async function start(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `brickyard-scale-${name}-`));
  dataDirs.push(dataDir);
  const server = { ...(await startServerProcess({ ...env, DATA_DIR: dataDir })), name };
  instances.push(server);
  return server;
}

const login = async (i: Instance, email: string, password = PASSWORD) => {
  const res = await api(i, 'POST', '/api/auth/login', undefined, { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
};

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Approved, verified, subscribed accounts straight in the database; one supplier's period ended yesterday. */
async function seed(client: pg.Client) {
  const hash = await hashPassword(PASSWORD);
  for (const role of ['buyer', 'supplier'] as const) {
    const email = `${role}-${crypto.randomBytes(3).toString('hex')}@scale-out.test`;
    const { rows } = await client.query<{ id: string }>(
      `insert into users (email, password_hash, role, first_name, last_name, company_name, approved, email_verified_at)
       values ($1, $2, $3, 'Scale', $4, $5, true, now()) returning id`,
      [email, hash, role, role === 'buyer' ? 'Buyer' : 'Supplier', `Scale-out ${role} Ltd`],
    );
    ids[role] = rows[0]!.id;
    ids[`${role}Email`] = email;
  }
  const now = new Date();
  duePeriodEnd = subDays(now, 1);
  await client.query(
    `insert into subscriptions (user_id, plan, cycle, status, provider, price_paid_pence, current_period_start, current_period_end)
     values ($1, 'GROWTH', 'monthly', 'active', 'local', 0, $2, $3), ($4, 'GROWTH', 'monthly', 'active', 'local', 0, $5, $6)`,
    [ids.buyer, now, addMonths(now, 1), ids.supplier, addMonths(duePeriodEnd, -1), duePeriodEnd],
  );
}

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-scale-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port: s3Port } = await s3.run();

  // One database on the run's PostgreSQL server, cloned from the migrated template, with the accounts.
  ({ name: dbName, url: databaseUrl } = await cloneTemplateDatabase());
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seed(client);
  } finally {
    await client.end();
  }

  const env = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl,
    // The same signing secret, as every instance behind one load balancer has.
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    // Both run the scheduled jobs: the billing lifecycle and the feed's snapshot import.
    BILLING_JOB_ENABLED: 'true',
    FEED_SEED_SNAPSHOT: 'true',
    FEED_SCHEDULE_ENABLED: 'false',
    RATE_LIMIT_LOGIN_PER_15_MIN: '100',
  };
  [a, b] = await Promise.all([start('a', env), start('b', env)]);
  // The supplier's period ended yesterday: until the billing job (a scheduled job, seconds after
  // start) renews it, the supplier is gated (402). The tests below act as that supplier.
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  try {
    await until(
      async () => {
        const { rows } = await check.query<{ n: number }>(
          'select count(*)::int as n from invoices where user_id = $1',
          [ids.supplier],
        );
        return rows[0]!.n > 0;
      },
      'the renewal',
      60_000,
    );
  } finally {
    await check.end();
  }
}, 200_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(
    instances.map(
      (i) =>
        new Promise<void>((resolve) => {
          if (i.proc.exitCode !== null) return resolve();
          i.proc.once('exit', () => resolve());
          i.proc.kill('SIGTERM');
        }),
    ),
  );
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  await s3?.close();
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  if (dbName) {
    const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}, 60_000);

async function stream(on: Instance, ticketFrom: Instance, token: string) {
  const ticket = await api(ticketFrom, 'POST', '/api/realtime/ticket', token);
  expect(ticket.status).toBe(200);
  const client = await connectSse(
    `${on.url}/api/realtime/stream?ticket=${encodeURIComponent(ticket.body.data.ticket)}`,
  );
  streams.push(client);
  expect(client.status).toBe(200);
  await client.next((e) => e.event === 'ready');
  return client;
}

describe('scale-out — two API processes, one PostgreSQL, one S3 store', () => {
  it('a session made on one instance works on the other, and a password change on one ends it on both', async () => {
    const token = await login(a, ids.buyerEmail!);
    const onB = await api(b, 'GET', '/api/auth/session', token);
    expect(onB.status).toBe(200);
    expect(onB.body.data).toMatchObject({ id: ids.buyer, role: 'buyer', approved: true, hasActiveSubscription: true });
    expect((await api(b, 'GET', '/api/tender/buyerTenders', token)).status).toBe(200);

    const other = await login(b, ids.buyerEmail!);
    const changed = await api(a, 'POST', '/api/auth/reset-password', other, {
      password: PASSWORD,
      newPassword: 'Scale-out-pass-2',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const fresh = changed.body.data.token as string;
    // The other sessions end on both instances (within each one's short principal cache).
    await until(
      async () => (await api(b, 'GET', '/api/auth/session', token)).status === 401,
      'old session refused on b',
      5_000,
    );
    expect((await api(a, 'GET', '/api/auth/session', token)).status).toBe(401);
    expect((await api(b, 'GET', '/api/auth/session', fresh)).status).toBe(200);
    // put the password back for the other tests
    expect(
      (await api(b, 'POST', '/api/auth/reset-password', fresh, { password: 'Scale-out-pass-2', newPassword: PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('a message sent through one instance reaches the other side live through the other, and its read comes back', async () => {
    const buyer = await login(a, ids.buyerEmail!);
    const supplier = await login(b, ids.supplierEmail!);
    // the buyer listens on a, the supplier on b (with a ticket issued by a: tickets live in PostgreSQL)
    const toBuyer = await stream(a, a, buyer);
    const toSupplier = await stream(b, a, supplier);

    const sent = await api(a, 'POST', '/api/sendMessage', buyer, {
      recipientId: ids.supplier,
      text: 'Hello from instance a',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const created = await toSupplier.next(
      (e) => e.event === 'message.created' && e.data.message.id === sent.body.data.id,
    );
    expect(created.data.message.text).toBe('Hello from instance a');
    const note = await toSupplier.next((e) => e.event === 'notification.created');
    expect(note.data.title).toMatch(/^New message from Scale Buyer/);
    expect((await toSupplier.next((e) => e.event === 'unread.changed' && e.data.messages === 1)).data.messages).toBe(1);
    // the bell reads the same through either instance
    const countA = await api(a, 'GET', '/api/notifications/unread-count', supplier);
    const countB = await api(b, 'GET', '/api/notifications/unread-count', supplier);
    expect(countA.body.count).toBeGreaterThanOrEqual(1);
    expect(countB.body.count).toBe(countA.body.count);

    const read = await api(b, 'PUT', `/api/${sent.body.data.conversationId}/read`, supplier);
    expect(read.status).toBe(200);
    const seen = await toBuyer.next(
      (e) => e.event === 'message.read' && e.data.conversationId === sent.body.data.conversationId,
    );
    expect(seen.data.readerId).toBe(ids.supplier);
  });

  it('a file uploaded through one instance is checked by the other and downloads through the first', async () => {
    const buyer = await login(a, ids.buyerEmail!);
    const supplier = await login(b, ids.supplierEmail!);
    const pre = await api(a, 'POST', '/api/upload/presigned-upload-url', buyer, {
      userId: ids.buyer,
      fileName: 'Scale-out schedule.pdf',
      fileType: 'application/pdf',
      uploadType: 'message-attachment',
    });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.data.uploadURL).toContain(`/${BUCKET}/${ids.buyer}/`);
    expect((await fetch(pre.body.data.uploadURL, { method: 'PUT', body: new Uint8Array(PDF) })).status).toBe(200);

    // instance b takes the attachment: it reads the bytes back from the store to check them
    const sent = await api(b, 'POST', '/api/sendMessage', buyer, {
      recipientId: ids.supplier,
      text: 'Schedule attached',
      attachments: [{ name: 'Scale-out schedule.pdf', key: pre.body.data.key }],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const dl = await api(
      a,
      'GET',
      `/api/upload/presigned-download-url?key=${encodeURIComponent(pre.body.data.key)}`,
      supplier,
    );
    expect(dl.status, JSON.stringify(dl.body)).toBe(200);
    const file = await fetch(dl.body.downloadURL);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('the scheduled jobs run once: one snapshot import and one renewal, though both instances run them', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // the feed job imports the shipped snapshot shortly after start; the billing job renews 2 s after
      await until(async () => {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from invoices where user_id = $1',
          [ids.supplier],
        );
        return rows[0]!.n > 0;
      }, 'the renewal');
      const logs = (i: Instance) => i.output.join('');
      await until(async () => /imported the shipped snapshot/.test(logs(a) + logs(b)), 'the snapshot import');
      // let both instances' first ticks pass (billing 2 s, feed 1 s after ready), then count
      await new Promise((r) => setTimeout(r, 3000));

      const imports = [a, b].filter((i) => /imported the shipped snapshot/.test(logs(i))).length;
      expect(imports).toBe(1);
      const { rows: invoices } = await client.query<{ period_start: Date }>(
        'select period_start from invoices where user_id = $1',
        [ids.supplier],
      );
      expect(invoices).toHaveLength(1);
      expect(invoices[0]!.period_start.getTime()).toBe(duePeriodEnd.getTime());
      const { rows: subs } = await client.query<{ current_period_end: Date }>(
        'select current_period_end from subscriptions where user_id = $1',
        [ids.supplier],
      );
      expect(subs[0]!.current_period_end.getTime()).toBe(addMonths(duePeriodEnd, 1).getTime());
      const { rows: releases } = await client.query<{ n: number; ocids: number }>(
        'select count(*)::int as n, count(distinct ocid)::int as ocids from external_tenders',
      );
      expect(releases[0]!.n).toBeGreaterThan(0);
      expect(releases[0]!.n).toBe(releases[0]!.ocids);
    } finally {
      await client.end();
    }
    // and neither instance logged an error
    for (const i of [a, b]) expect(i.output.join(''), i.name).not.toMatch(/"level":(50|60)/);
  });
});
