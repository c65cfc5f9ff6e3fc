/**
 * The access rules have one source, each route's `config.access`; the OpenAPI document carries it
 * as `x-access`, and docs/ARCHITECTURE.md lists the public and the ungated operations rendered from
 * that document. After changing a route's access, run this file with UPDATE_DOCS=1 to rewrite the
 * list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiAccess } from '../../src/platform/http/openapi-access.ts';
import { createTestApp, type TestApp } from '../harness.ts';

const ARCHITECTURE = path.resolve(import.meta.dirname, '../../../../docs/ARCHITECTURE.md');
const START =
  '<!-- access:start (generated from the OpenAPI document by apps/api/test/security/access-docs.test.ts) -->';
const END = '<!-- access:end -->';

let t: TestApp;
let operations: { key: string; access: OpenApiAccess | undefined; security: unknown }[];

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.request('GET', '/api/docs/json')).body as {
    paths: Record<string, Record<string, { 'x-access'?: OpenApiAccess; security?: unknown }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${p}`,
      access: op['x-access'],
      security: op.security,
    })),
  );
}, 120_000);
afterAll(() => t?.close());

function rendered(): string {
  const byKey = [...operations].sort(
    (a, b) => a.key.split(' ')[1]!.localeCompare(b.key.split(' ')[1]!) || a.key.localeCompare(b.key),
  );
  const publicOps = byKey.filter((o) => o.access === 'public').map((o) => `\`${o.key}\``);
  const ungated = byKey
    .filter((o) => o.access !== 'public' && o.access && !o.access.gated)
    .map((o) => {
      const access = o.access as Exclude<OpenApiAccess, 'public'>;
      return `| \`${o.key}\` | ${access.roles === 'any' ? 'any signed-in role' : access.roles.join(', ')} |`;
    });
  return [
    `**Public** (no sign-in, ${publicOps.length}): ${publicOps.join(', ')}.`,
    '',
    `**Signed in but not gated** (reachable before approval and without a subscription, ${ungated.length}):`,
    '',
    '| operation | roles |',
    '|---|---|',
    ...ungated,
    '',
    `Every other operation (${operations.length - publicOps.length - ungated.length}) is signed in and gated.`,
  ].join('\n');
}

describe('access rules have one source: each route, carried by the OpenAPI document', () => {
  it('every operation states its access rule, and public ones need no bearer token', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const op of operations) {
      expect(op.access, op.key).toBeDefined();
      if (op.access === 'public') expect(op.security, op.key).toEqual([]);
    }
    // the routes a pending or unsubscribed user must reach to finish sign-up or pay
    const ungated = operations.filter((o) => o.access !== 'public' && o.access?.gated === false).map((o) => o.key);
    expect(ungated).toEqual(
      expect.arrayContaining(['GET /api/auth/session', 'POST /api/billing/upgrade', 'GET /api/notifications']),
    );
    expect(ungated).not.toContain('POST /api/tender');
  });

  it('docs/ARCHITECTURE.md lists the public and ungated operations as the document has them', () => {
    const text = fs.readFileSync(ARCHITECTURE, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, `docs/ARCHITECTURE.md lacks ${START}`).toBeGreaterThan(-1);
    const next = `${text.slice(0, start + START.length)}\n${rendered()}\n${text.slice(end)}`;
    if (process.env.UPDATE_DOCS === '1') fs.writeFileSync(ARCHITECTURE, next);
    else
      expect(text, 'run UPDATE_DOCS=1 npx vitest run --project api apps/api/test/security/access-docs.test.ts').toBe(
        next,
      );
  });
});
