import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { addMonths } from 'date-fns';
import type { PlanType, Role, Session } from '@brickyard/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { connect, type Db } from '../src/db/client.ts';
import { subscriptions, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import type { Mail, Mailer } from '../src/platform/mail/mailer.ts';
import type { MailOutbox } from '../src/platform/mail/queued-mailer.ts';
import type { PaymentProvider } from '../src/platform/payments/provider.ts';
import type { Storage } from '../src/platform/storage/storage.ts';

export const TEST_PASSWORD = 'Test-password-1';
let passwordHash: Promise<string> | undefined;

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  token: string;
}

/**
 * A mailer that keeps what it sends, for tests to read links from: as the app's transport
 * (`send`), or handed straight to a job function as its outbox (`queue`: kept once delivered,
 * i.e. after the caller's commit; no job is written).
 */
export function memoryMailer(): Mailer & MailOutbox & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    send: async (m) => void sent.push(m),
    queue: async (_tx, m) => async () => void sent.push(m),
    close: () => undefined,
  };
}

export interface TestApp {
  url: string;
  db: Db;
  databaseUrl: string;
  config: Config;
  mails: Mail[];
  request<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: BodyInit },
  ): Promise<ApiResponse<T>>;
  /** Creates a user straight in the database (verified email), signs in and returns the token. */
  createUser(opts?: {
    role?: Role;
    approved?: boolean;
    plan?: PlanType | null;
    email?: string;
    companyName?: string;
  }): Promise<TestUser>;
  /** An active monthly subscription of `userId` ending at `ends` (written as the billing service would). */
  subscribe(userId: string, plan: PlanType, ends: Date): Promise<void>;
  login(email: string, password?: string): Promise<Session>;
  close(): Promise<void>;
}

/**
 * A fresh database on the run's PostgreSQL server, cloned from the migrated template (milliseconds).
 * Named with the pid of the global setup (the parent process), which drops what is left at the end.
 */
export async function cloneTemplateDatabase(): Promise<{ name: string; url: string }> {
  const serverUrl = inject('pgServerUrl');
  const name = `by_t_${process.ppid}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

/**
 * A real app on a real PostgreSQL (a fresh database cloned from the migrated template),
 * listening on 127.0.0.1 — tests talk to it over HTTP like any client.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: {
    storage?: Storage;
    payments?: PaymentProvider;
    mailer?: Mailer;
    /** Another app's database (e.g. `first.databaseUrl`): a second API instance on the same PostgreSQL. */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const databaseUrl = deps.databaseUrl ?? (await cloneTemplateDatabase()).url;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-test-data-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    {
      jwtSecret: crypto.randomBytes(32).toString('hex'),
      publicUrl: 'http://brickyard.test',
      authCacheMs: 0,
      ...overrides,
    },
  );
  const database = connect(databaseUrl, 10);
  const mailer = deps.mailer ?? memoryMailer();
  const { app } = await buildApp({
    config,
    db: database.db,
    logger: false,
    mailer,
    storage: deps.storage,
    payments: deps.payments,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  const request: TestApp['request'] = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined = opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(url + p, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as any, headers: res.headers };
  };

  const login = async (email: string, password = TEST_PASSWORD) => {
    const res = await request<{ data: Session }>('POST', '/api/auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  let n = 0;
  /** An active monthly subscription ending at `ends`, written as the billing service would. */
  const subscribe = async (userId: string, plan: PlanType, ends: Date) => {
    await database.db.insert(subscriptions).values({
      userId,
      plan,
      cycle: 'monthly',
      status: 'active',
      provider: 'local',
      pricePaidPence: 0,
      currentPeriodStart: new Date(),
      currentPeriodEnd: ends,
    });
  };
  const createUser: TestApp['createUser'] = async (opts = {}) => {
    const role = opts.role ?? 'buyer';
    const email = opts.email ?? `${role}${++n}-${crypto.randomBytes(3).toString('hex')}@example.test`;
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const [row] = await database.db
      .insert(users)
      .values({
        email,
        passwordHash: await passwordHash,
        role,
        firstName: 'Test',
        lastName: role[0]!.toUpperCase() + role.slice(1),
        companyName: opts.companyName ?? `${role} company ${n}`,
        approved: opts.approved ?? true,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const plan = opts.plan === undefined ? (role === 'admin' ? null : 'GROWTH') : opts.plan;
    if (plan) await subscribe(row!.id, plan, addMonths(new Date(), 1));
    const session = await login(email);
    return { id: row!.id, email, role, token: session.token };
  };

  return {
    url,
    db: database.db,
    databaseUrl,
    config,
    mails: 'sent' in mailer ? (mailer as { sent: Mail[] }).sent : [],
    request,
    createUser,
    subscribe,
    login,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: Mail | undefined, prefix: string): URL {
  const found = mail?.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(prefix));
  if (!found) throw new Error(`no ${prefix} link in mail ${mail?.subject}`);
  return new URL(found);
}
