/**
 * docs/reliability.md, "Headers and browser" and "Rate limits": a strict Content-Security-Policy on the SPA
 * and the API, HSTS only behind HTTPS, no bearer token in URLs or logs, and 429 RATE_LIMITED with
 * Retry-After on login, forgot-password, register, contact-us, search and message sending.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { connect } from '../../src/db/client.ts';
import { createTestApp, memoryMailer, type ApiResponse, type TestApp } from '../harness.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-sec-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    webDist,
    loginAttemptsPer15Min: 3,
    searchesPerMinute: 5,
    messaging: { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).messaging, sendPerMinute: 3 },
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

function expectRateLimited(res: ApiResponse, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(429);
  expect(res.body.error.code).toBe('RATE_LIMITED');
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter, `${what}: Retry-After`).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
}

/** Sends `make()` until the answer is 429 (at most `max` times) and returns it. */
async function until429(
  max: number,
  make: (i: number) => Promise<ApiResponse>,
): Promise<{ res: ApiResponse; sent: number }> {
  let res: ApiResponse | undefined;
  for (let i = 1; i <= max; i++) {
    res = await make(i);
    if (res.status === 429) return { res, sent: i };
  }
  return { res: res!, sent: max };
}

describe('security headers', () => {
  it('serves the SPA with a strict Content-Security-Policy: same-origin scripts only, no inline script, no framing, no plugins', async () => {
    const res = await fetch(`${t.url}/buyer/dashboard`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    for (const [name, values] of csp) {
      expect(values, name).not.toContain("'unsafe-eval'");
      expect(values, name).not.toContain('*');
      if (name !== 'style-src') expect(values, name).not.toContain("'unsafe-inline'");
    }
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('puts the same headers on API answers and errors', async () => {
    for (const res of [
      await t.request('GET', '/api/health'),
      await t.request('GET', '/api/tender'),
      await t.request('GET', '/api/nope'),
    ]) {
      expect(
        directives(res.headers.get('content-security-policy')).get('script-src'),
        `${res.status} ${JSON.stringify(res.body)}`,
      ).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    expect((await t.request('GET', '/api/health')).headers.get('strict-transport-security')).toBeNull();
    const https = await createTestApp({ publicUrl: 'https://brickyard.example' });
    try {
      const hsts = (await https.request('GET', '/api/health')).headers.get('strict-transport-security') ?? '';
      expect(hsts).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
    } finally {
      await https.close();
    }
  });
});

describe('user text is rendered safely', () => {
  it('the web app never injects raw HTML: no dangerouslySetInnerHTML, innerHTML, outerHTML, insertAdjacentHTML or document.write', () => {
    const webSrc = path.resolve(import.meta.dirname, '../../../web/src');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else if (
          /\.(tsx?|jsx?)$/.test(entry.name) &&
          /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/.test(
            fs.readFileSync(p, 'utf8'),
          )
        )
          found.push(path.relative(webSrc, p));
      }
    };
    walk(webSrc);
    expect(found).toEqual([]);
  });
});

describe('no token in URLs or logs', () => {
  it('never takes a session token in a query string: no operation has a token-like query parameter except one-time mail tokens', async () => {
    const doc = (await t.request('GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const tokenish = /^(token|access_?token|jwt|authorization|bearer|session)$/i;
    const found: string[] = [];
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(methods)) {
        for (const param of op.parameters ?? [])
          if (param.in === 'query' && tokenish.test(param.name)) found.push(`${m.toUpperCase()} ${p}?${param.name}`);
      }
    }
    // the e-mail verification link and the one-click unsubscribe carry their own signed or one-time token, never a session
    expect(found).toEqual([
      'GET /api/auth/verify-email?token',
      'GET /api/notifications/unsubscribe?token',
      'POST /api/notifications/unsubscribe?token',
    ]);
    const user = await t.createUser({ role: 'buyer' });
    // a session token in the query string is not a way in
    expect((await t.request('GET', `/api/auth/session?token=${user.token}`)).status).toBe(401);
    expect((await t.request('GET', `/api/auth/session?access_token=${user.token}`)).status).toBe(401);
  });

  it('writes neither the bearer token nor the password into the request log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-sec-log-')), LOG_LEVEL: 'trace' },
      { jwtSecret: crypto.randomBytes(32).toString('hex'), publicUrl: 'http://brickyard.test', authCacheMs: 0 },
    );
    const database = connect(t.databaseUrl, 2);
    const { app } = await buildApp({
      config,
      db: database.db,
      mailer: memoryMailer(),
      logger: pino({ level: 'trace', redact: ['req.headers.authorization', 'req.headers.cookie'] }, sink),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const user = await t.createUser({ role: 'supplier' });
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: 'Test-password-1' }),
      });
      const { data } = (await login.json()) as { data: { token: string } };
      await fetch(`http://127.0.0.1:${port}/api/tender`, { headers: { authorization: `Bearer ${data.token}` } });
      await fetch(`http://127.0.0.1:${port}/api/nope`, { headers: { authorization: `Bearer ${data.token}` } });
      const log = lines.join('');
      expect(log).toContain('/api/tender');
      expect(log).not.toContain(data.token);
      expect(log).not.toContain(data.token.split('.')[2]!);
      expect(log).not.toContain('Test-password-1');
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('rate limits answer 429 RATE_LIMITED with Retry-After', () => {
  it('login: failed sign-ins per account', async () => {
    const user = await t.createUser({ role: 'buyer' });
    const { res, sent } = await until429(10, () =>
      t.request('POST', '/api/auth/login', { body: { email: user.email, password: 'Wrong-password-1' } }),
    );
    expectRateLimited(res, 'login');
    expect(sent).toBeLessThanOrEqual(4);
  });

  it('forgot-password: per address', async () => {
    const { res, sent } = await until429(10, () =>
      t.request('POST', '/api/auth/forgot-password', { body: { email: 'someone-forgetful@example.test' } }),
    );
    expectRateLimited(res, 'forgot-password');
    expect(sent).toBeLessThanOrEqual(6);
  });

  it('register: per IP', async () => {
    const { res, sent } = await until429(30, () =>
      t.request('POST', '/api/auth/register', { body: { email: 'not-valid' } }),
    );
    expectRateLimited(res, 'register');
    expect(sent).toBeLessThanOrEqual(21);
  });

  it('contact-us: per IP', async () => {
    const user = await t.createUser({ role: 'buyer' });
    const { res, sent } = await until429(15, () =>
      t.request('POST', '/api/auth/contact-us', { token: user.token, body: {} }),
    );
    expectRateLimited(res, 'contact-us');
    expect(sent).toBeLessThanOrEqual(11);
  });

  it('search: per user (RATE_LIMIT_SEARCH_PER_MINUTE, 120 by default), and another user is not held back by it', async () => {
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).searchesPerMinute).toBe(120);
    const [a, b] = await Promise.all([t.createUser({ role: 'supplier' }), t.createUser({ role: 'supplier' })]);
    // an invalid query is refused after the limiter has counted it, so this is quick
    const { res, sent } = await until429(10, () => t.request('GET', '/api/search?type=bogus', { token: a.token }));
    expectRateLimited(res, 'search');
    expect(sent).toBe(6);
    expect((await t.request('GET', '/api/search?q=concrete', { token: b.token })).status).toBe(200);
  });

  it('message sending: per account per minute', async () => {
    const [buyer, supplier] = await Promise.all([t.createUser({ role: 'buyer' }), t.createUser({ role: 'supplier' })]);
    const conv = await t.request('POST', '/api/conversation', { token: buyer.token, body: { userId: supplier.id } });
    expect(conv.status).toBe(201);
    const { res, sent } = await until429(10, (i) =>
      t.request('POST', '/api/sendMessage', {
        token: buyer.token,
        body: { conversationId: conv.body.data.id, text: `Message ${i}` },
      }),
    );
    expectRateLimited(res, 'sendMessage');
    expect(sent).toBe(4);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });
});
