/**
 * docs/reliability.md, hostile input: for every operation of /api/docs/json, fast-check sends malformed,
 * oversized, wrong-typed, unicode, SQL- and script-laden path values, query strings and bodies
 * (mostly valid bodies with one or two hostile fields, so the input gets past the first check).
 * Every answer is below 500, arrives within 10 s, and a refusal has the error model; a refused
 * write leaves the database as it was.
 *
 * FUZZ_RUNS (default 40, about 5,000 cases in all, for the CI budget) is the number of cases per operation; FUZZ_SEED replays a run.
 * The total is printed at the end ("fuzz: N cases, M operations, 5xx: 0").
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../harness.ts';
import { operationsOf, sampleOf, urlOf, type JsonSchema, type Operation } from './openapi.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApp;
let ops: Operation[];
let callers: TestUser[];
const callerOf = new Map<string, TestUser | null>();
const totals = {
  cases: 0,
  fiveXx: 0,
  refusedWrites: 0,
  byStatus: new Map<number, number>(),
  msByOp: new Map<string, number>(),
};

// ---- hostile values -------------------------------------------------------------------------

const NASTY = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)--',
  "') UNION SELECT email, password_hash FROM users--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fsecrets.json',
  '%00',
  '\u0000',
  'a\u0000b',
  // docs/decisions/0013-hostile-input-refused-at-the-edge.md: PostgreSQL has no year 0; an ISO date in it passed the format checks and failed as a 500
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:59:59+01:00',
  '\u202e\u0041\u0042',
  '𝕳𝖊𝖑𝖑𝖔 🏗️👷‍♀️',
  '\ud800',
  'Ｔｅｎｄｅｒ',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.uuid(),
);
/** docs/decisions/0013-hostile-input-refused-at-the-edge.md: what failed deep in PostgreSQL as a 500, given its own weight so every operation meets it. */
const EDGE_TEXT = fc.constantFrom('\u0000', 'a\u0000b', '0000-01-01', '0000-01-01T00:00:00Z');
const hostileScalar = fc.oneof(
  hostileString,
  fc.constantFrom(
    -1,
    0,
    1.5,
    -0.000001,
    2 ** 31,
    2 ** 53 + 1,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    true,
    false,
    null,
  ),
  fc.double(),
  fc.integer(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: EDGE_TEXT },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 5000 }).map((n) => Array.from({ length: n }, (_, i) => i)) },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      fc.constantFrom('__proto__', 'constructor', 'role', 'a', '$where', 'then'),
      hostileScalar,
      { maxKeys: 3 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 400 }).map((d) => JSON.parse('['.repeat(d) + ']'.repeat(d)) as unknown),
  },
);

/** A body that follows the schema except for one or two hostile fields (or is wholly hostile). */
function bodyArb(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  const base = (schema ? sampleOf(schema) : {}) as Record<string, unknown>;
  const fields = Object.keys(schema?.properties ?? {});
  const mutated =
    fields.length && base && typeof base === 'object'
      ? fc
          .array(fc.tuple(fc.constantFrom(...fields), hostileValue), { minLength: 1, maxLength: 3 })
          .map((changes) => ({ ...base, ...Object.fromEntries(changes) }))
      : fc.constant(base);
  const dropped = fields.length
    ? fc.constantFrom(...fields).map((f) => {
        const copy = { ...base };
        delete copy[f];
        return copy;
      })
    : fc.constant(base);
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 1, arbitrary: dropped },
    { weight: 2, arbitrary: hostileValue },
  );
}

interface Case {
  id: string;
  query: Record<string, unknown>;
  /** a JSON value, or raw bytes sent as they are with a content type */
  body: { json: unknown } | { raw: string; type: string } | null;
}

function caseArb(op: Operation): fc.Arbitrary<Case> {
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const query = queryParams.length
    ? fc.record(
        Object.fromEntries(
          queryParams.map((p) => [
            p.name,
            fc.oneof(fc.constant(sampleOf(p.schema)), hostileScalar, fc.constant(undefined), EDGE_TEXT),
          ]),
        ),
        { requiredKeys: [] },
      )
    : fc.constant({});
  const extraQuery = fc.dictionary(
    fc.constantFrom('__proto__', 'page', 'pageSize', 'limit', 'sort', 'role', 'userId'),
    hostileString,
    { maxKeys: 2 },
  );
  const id = fc.oneof(
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString.filter((s) => s.length < 3000) },
  );
  const sendsBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method);
  const body: fc.Arbitrary<Case['body']> = sendsBody
    ? fc.oneof(
        { weight: 8, arbitrary: bodyArb(op.body).map((json) => ({ json })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{', '{"a":', 'nul', '[1,2', '\u0000', '{"__proto__":{"role":"admin"}}')
            .map((raw) => ({ raw, type: 'application/json' })),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.string({ maxLength: 200 }),
              fc.constantFrom(
                'text/plain',
                'application/xml',
                'multipart/form-data; boundary=x',
                'application/x-www-form-urlencoded',
              ),
            )
            .map(([raw, type]) => ({ raw, type })),
        },
        { weight: 1, arbitrary: fc.constant(null) },
      )
    : fc.constant(null);
  return fc.record({ id, query: fc.tuple(query, extraQuery).map(([a, b]) => ({ ...b, ...a })), body });
}

// ---- the database fingerprint -------------------------------------------------------------

/**
 * Every committed row change in the test database bumps one counter: a row-level trigger on every
 * table (a rolled-back transaction rolls its bumps back too). A refused request must not move it.
 */
async function installChangeCounter(): Promise<void> {
  const tables = await t.db.execute(sql.raw(`select tablename from pg_tables where schemaname = 'public' order by 1`));
  const names = (tables.rows as { tablename: string }[]).map((r) => r.tablename).filter((n) => !LOGS_REFUSALS.has(n));
  const statements = [
    `create table fuzz_changes (n bigint not null, last text)`,
    `insert into fuzz_changes values (0, null)`,
    `create function fuzz_bump() returns trigger language plpgsql as $$ begin update fuzz_changes set n = n + 1, last = TG_TABLE_NAME || ' ' || TG_OP; return null; end $$`,
    ...names.flatMap((n) => [
      `create trigger fuzz_rows after insert or update or delete on "${n}" for each row execute function fuzz_bump()`,
      `create trigger fuzz_truncate after truncate on "${n}" for each statement execute function fuzz_bump()`,
    ]),
  ];
  for (const st of statements) await t.db.execute(sql.raw(st));
}
async function fingerprint(): Promise<string> {
  const res = await t.db.execute(sql.raw(`select n::text || ' (' || coalesce(last, '') || ')' as f from fuzz_changes`));
  return (res.rows as { f: string }[])[0]!.f;
}
/** Tables a refused request may legitimately write to: the audit trail of refusals, and the rate-limit counters (counting refused attempts is their job). */
const LOGS_REFUSALS = new Set<string>(['audit_events', 'rate_limits']);

async function send(op: Operation, c: Case, who: TestUser | null) {
  const path = urlOf(op.path, { id: c.id }, c.query);
  const headers: Record<string, string> = {};
  if (who && !op.path.includes('/realtime/stream')) headers.authorization = `Bearer ${who.token}`;
  let body: string | undefined;
  if (c.body && 'json' in c.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body.json);
  } else if (c.body) {
    headers['content-type'] = c.body.type;
    body = c.body.raw;
  }
  const started = Date.now();
  const res = await fetch(t.url + path, { method: op.method, headers, body, signal: AbortSignal.timeout(10_000) });
  const text = res.headers.get('content-type')?.includes('event-stream') ? '' : await res.text();
  return {
    status: res.status,
    text,
    ms: Date.now() - started,
    path,
    contentType: res.headers.get('content-type') ?? '',
  };
}

beforeAll(async () => {
  t = await createTestApp();
  // Logout takes no input to fuzz, and it would end the sessions the other operations are fuzzed with.
  ops = operationsOf((await t.request('GET', '/api/docs/json')).body).filter((o) => o.key !== 'POST /api/auth/logout');
  callers = await Promise.all([
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'admin' }),
  ]);
  // Each operation is fuzzed as an identity it lets in, so the input reaches validation and the service.
  for (const op of ops) {
    let chosen: TestUser | null = null;
    for (const who of callers) {
      const probe = await send(
        op,
        { id: '00000000-0000-4000-8000-000000000000', query: {}, body: op.body ? { json: sampleOf(op.body) } : null },
        who,
      );
      if (![401, 402, 403, 423].includes(probe.status)) {
        chosen = who;
        break;
      }
    }
    callerOf.set(op.key, chosen);
  }
  await installChangeCounter();
}, 120_000);

afterAll(async () => {
  const statuses = [...totals.byStatus.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  const slowest = [...totals.msByOp.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, ms]) => `${k} ${ms} ms`)
    .join(', ');
  console.log(`fuzz: slowest operations: ${slowest}`);
  console.log(
    `fuzz: ${totals.cases} cases, ${ops?.length ?? 0} operations, ${RUNS} runs each, 5xx: ${totals.fiveXx}, refused writes checked: ${totals.refusedWrites}; answers: ${statuses}`,
  );
  await t?.close();
});

describe('hostile input never breaks the server', () => {
  it('found the operations to fuzz', () => {
    expect(ops.length).toBeGreaterThan(100);
  });

  it('answers every hostile request of every operation below 500, in time, with the error model, and changes nothing when it refuses', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const who = callerOf.get(op.key) ?? null;
      const opStarted = Date.now();
      const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method);
      let before = writes ? await fingerprint() : '';
      await fc.assert(
        fc.asyncProperty(caseArb(op), async (c) => {
          const res = await send(op, c, who);
          totals.cases++;
          totals.byStatus.set(res.status, (totals.byStatus.get(res.status) ?? 0) + 1);
          const where = `${op.method} ${res.path.slice(0, 200)} body=${JSON.stringify(c.body)?.slice(0, 200)}`;
          if (res.status >= 500) {
            totals.fiveXx++;
            failures.push(`${res.status} on ${where}: ${res.text.slice(0, 300)}`);
            return;
          }
          if (res.ms > 10_000) failures.push(`${res.ms} ms on ${where}`);
          if (res.status >= 400 && res.contentType.includes('json')) {
            const parsed = JSON.parse(res.text) as { error?: { code?: unknown; message?: unknown } };
            if (typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string')
              failures.push(`no error model on ${res.status} ${where}: ${res.text.slice(0, 200)}`);
          } else if (res.status >= 400 && res.status !== 404 && res.status !== 405) {
            failures.push(`${res.status} without JSON on ${where}`);
          }
          if (writes) {
            const after = await fingerprint();
            if (res.status >= 400) {
              totals.refusedWrites++;
              if (after !== before)
                failures.push(`refused ${res.status} but the database changed on ${where}: ${before} → ${after}`);
            }
            before = after;
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      totals.msByOp.set(op.key, Date.now() - opStarted);
      if (failures.length > 20) break;
    }
    expect(failures).toEqual([]);
    expect(totals.fiveXx).toBe(0);
  }, 600_000);
});

describe('broken multipart bodies are refused, not crashed on', () => {
  it('answers 400 in the error model for truncated, boundary-less and garbage multipart bodies on every multipart operation', async () => {
    const multipartOps = ops.filter(
      (o) => o.method !== 'GET' && (o.multipart || /upload-(image|document)|catalogue\/import|contact-us/.test(o.path)),
    );
    expect(multipartOps.length).toBeGreaterThanOrEqual(4);
    const bodies = [
      { type: 'multipart/form-data; boundary=x', raw: 'K-' },
      {
        type: 'multipart/form-data; boundary=x',
        raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
      },
      { type: 'multipart/form-data', raw: '--x\r\n\r\n' },
      {
        type: 'multipart/form-data; boundary=x',
        raw: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"role":"admin"}\r\n--x--\r\n',
      },
      // docs/decisions/0013-hostile-input-refused-at-the-edge.md: a NUL in a multipart field
      {
        type: 'multipart/form-data; boundary=x',
        raw: '--x\r\nContent-Disposition: form-data; name="userTitle"\r\n\r\nA\u0000B\r\n--x\r\nContent-Disposition: form-data; name="userMessage"\r\n\r\nHello team, a question.\r\n--x--\r\n',
      },
    ];
    for (const op of multipartOps) {
      for (const b of bodies) {
        const res = await send(
          op,
          { id: '00000000-0000-4000-8000-000000000000', query: {}, body: b },
          callerOf.get(op.key) ?? null,
        );
        expect(res.status, `${op.key} ${JSON.stringify(b)}: ${res.text}`).toBeLessThan(500);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(JSON.parse(res.text).error.code, res.text).toEqual(expect.any(String));
      }
    }
  });
});
