/**
 * docs/reliability.md, authorization matrix: every operation of /api/docs/json × every identity answers as
 * the table in authz-matrix.ts says (broken object-level and function-level authorization), and
 * no body field outside an operation's schema changes who anyone is or what they own (mass
 * assignment). An operation without a row fails the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../harness.ts';
import { subscriptions, users } from '../../src/db/schema/index.ts';
import {
  IDENTITIES,
  MASS_ASSIGNMENT_FIELDS,
  MATRIX,
  type Expected,
  type Fixtures,
  type Identity,
  type Row,
  type Vars,
} from './authz-matrix.ts';
import { operationsOf, sampleOf, urlOf, type Operation } from './openapi.ts';

let t: TestApp;
let fx: Fixtures;
let ops: Map<string, Operation>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function must<T = any>(res: Promise<{ status: number; body: any }>, status: number, what: string): Promise<T> {
  const r = await res;
  if (r.status !== status) throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

async function makeFixtures(): Promise<Fixtures> {
  const [buyer, buyer2, supplier, supplier2, admin, pending, unsub, toApprove] = await Promise.all([
    t.createUser({ role: 'buyer', companyName: 'Matrix Buyer Ltd' }),
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier', companyName: 'Matrix Supplier Ltd' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'admin' }),
    t.createUser({ role: 'buyer', approved: false, plan: null }),
    t.createUser({ role: 'supplier', plan: null }),
    t.createUser({ role: 'buyer', approved: false, plan: null }),
  ]);
  const deadline = new Date(Date.now() + 20 * 86_400_000).toISOString();
  const newTender = async () =>
    (
      await must(
        t.request('POST', '/api/tender', {
          token: buyer.token,
          body: {
            title: 'Matrix tender',
            description: 'Ready-mix concrete for the matrix test, phased.',
            category: 'concrete',
            budget: 5000,
            region: 'north-west',
            deadline,
          },
        }),
        201,
        'tender',
      )
    ).data.id as string;
  const newContract = async () => {
    const tenderId = await newTender();
    return (
      await must(
        t.request('POST', '/api/contract', {
          token: buyer.token,
          body: { tenderId, supplierId: supplier.id, value: 4000, terms: 'Net 30' },
        }),
        201,
        'contract',
      )
    ).data.id as string;
  };
  const newItem = async () =>
    (
      await must(
        t.request('POST', '/api/catalogue', {
          token: supplier.token,
          body: {
            title: 'Matrix item',
            description: 'Ready-mix concrete for the matrix test.',
            category: 'concrete',
            value: 90,
            region: 'north-west',
            availability: 'available',
          },
        }),
        201,
        'item',
      )
    ).data.id as string;
  const newFileKey = async (uploadType = 'contract-document') => {
    const res = await must(
      t.request('POST', '/api/upload/presigned-upload-url', {
        token: supplier.token,
        body: { userId: supplier.id, fileName: 'private.pdf', fileType: 'application/pdf', uploadType },
      }),
      200,
      'presign',
    );
    const put = await fetch(t.url + res.data.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(PDF),
      headers: { 'content-type': 'application/octet-stream' },
    });
    if (put.status !== 200) throw new Error(`fixture upload: ${put.status}`);
    return res.data.key as string;
  };
  const newSavedSearch = async () =>
    (
      await must(
        t.request('POST', '/api/external-tenders/saved-searches', {
          token: supplier.token,
          body: { name: 'Matrix', criteria: {} },
        }),
        201,
        'saved search',
      )
    ).data.id as string;
  const newProject = async () =>
    (
      await must(
        t.request('POST', '/api/settings/projects', { token: supplier.token, body: { name: 'Matrix project' } }),
        201,
        'project',
      )
    ).data.id as string;
  const newPortfolio = async () =>
    (
      await must(
        t.request('POST', '/api/portfolio', { token: supplier.token, body: { title: 'Matrix portfolio' } }),
        201,
        'portfolio',
      )
    ).data.id as string;

  const tender = await newTender();
  const awardedTender = await newTender();
  const contract = (
    await must(
      t.request('POST', '/api/contract', {
        token: buyer.token,
        body: { tenderId: awardedTender, supplierId: supplier.id, value: 4000, terms: 'Net 30' },
      }),
      201,
      'contract',
    )
  ).data.id as string;
  const conversation = (
    await must(
      t.request('POST', '/api/conversation', { token: buyer.token, body: { userId: supplier.id } }),
      201,
      'conversation',
    )
  ).data.id as string;
  await must(
    t.request('POST', '/api/sendMessage', {
      token: buyer.token,
      body: { conversationId: conversation, text: 'Hello from the matrix' },
    }),
    201,
    'message',
  );
  const notes = await must(t.request('GET', '/api/notifications', { token: supplier.token }), 200, 'notifications');
  const notification = notes.data[0]?.id as string;
  if (!notification) throw new Error('fixture notification: supplier has none');
  const fileKey = await newFileKey();
  const bidAssist = (
    await must(
      t.request('POST', '/api/bid-assist', {
        token: supplier.token,
        body: {
          tenderId: tender,
          message: 'Please help us write this bid for the matrix.',
          deadline,
          documents: [fileKey],
        },
      }),
      201,
      'bid assist',
    )
  ).data.id as string;

  return {
    users: { buyer, buyer2, supplier, supplier2, admin, pending, unsub },
    tender,
    awardedTender,
    contract,
    item: await newItem(),
    conversation,
    notification,
    fileKey,
    savedSearch: await newSavedSearch(),
    project: await newProject(),
    portfolio: await newPortfolio(),
    bidAssist,
    toApprove: toApprove.id,
    newTender,
    newItem,
    newContract,
    newFileKey,
    newSavedSearch,
    newProject,
    newPortfolio,
  };
}

function meets(expected: Expected, status: number): boolean {
  if (typeof expected === 'number') return status === expected;
  switch (expected) {
    case 'ok':
      return status >= 200 && status < 300;
    case 'pass':
      return status < 500 && ![401, 402, 403, 404, 423].includes(status);
    case 'deny':
      return status === 403 || status === 404;
    case '4xx':
      return status >= 400 && status < 500;
    case 'hide':
      return status >= 200 && status < 300;
  }
}

async function call(row: Row, op: Operation, who: Identity, extraBody?: Record<string, unknown>) {
  const me: TestUser | null = who === 'anon' ? null : fx.users[who];
  const vars: Vars = row.fresh ? await row.fresh(fx) : {};
  const params: Record<string, string> = {};
  if (row.id) params.id = row.id(fx, vars);
  const query = row.query?.(fx, me, vars) ?? {};
  let body: unknown = row.body ? row.body(fx, me, vars) : op.body ? sampleOf(op.body) : undefined;
  if (extraBody && body && typeof body === 'object') body = { ...extraBody, ...body };
  const path = urlOf(op.path, params, query);
  if (row.stream) {
    // read the status line and headers of the event stream, then hang up
    const abort = new AbortController();
    const r = await fetch(t.url + path, {
      headers: me ? { authorization: `Bearer ${me.token}` } : {},
      signal: abort.signal,
    });
    const text = r.status === 200 ? '' : await r.text();
    abort.abort();
    return { res: { status: r.status, body: text ? JSON.parse(text) : null, headers: r.headers }, path, body };
  }
  const res = await t.request(op.method, path, { token: me?.token, body });
  if (row.relogin && me && res.status < 300) me.token = (await t.login(me.email)).token;
  return { res, path, body };
}

beforeAll(async () => {
  t = await createTestApp();
  const doc = await t.request('GET', '/api/docs/json');
  ops = new Map(operationsOf(doc.body).map((o) => [o.key, o]));
  fx = await makeFixtures();
}, 120_000);
afterAll(() => t?.close());

describe('the authorization matrix covers the whole OpenAPI document', () => {
  it('has exactly one row for every operation, and no row for an operation that does not exist', () => {
    const rows = MATRIX.map((r) => r.op);
    const duplicates = rows.filter((op, i) => rows.indexOf(op) !== i);
    expect(duplicates, 'operations with two rows').toEqual([]);
    const missing = [...ops.keys()].filter((k) => !rows.includes(k));
    expect(missing, 'operations without a row in apps/api/test/security/authz-matrix.ts').toEqual([]);
    const stale = rows.filter((k) => !ops.has(k));
    expect(stale, 'rows for operations the API no longer has').toEqual([]);
  });
});

describe('every operation × every identity answers as the table says', () => {
  // Callers are tried in this order so that the owner, who may change or delete the object, comes last.
  const order: Identity[] = ['anon', 'pending', 'unsub', 'buyer2', 'supplier2', 'admin', 'buyer', 'supplier'];
  for (const row of MATRIX) {
    it(row.op, async () => {
      const op = ops.get(row.op);
      if (!op) return; // reported by the coverage test above
      const wrong: string[] = [];
      for (const who of order) {
        const { res, path } = await call(row, op, who);
        const leaked = row.expected[who] === 'hide' && row.secret && JSON.stringify(res.body).includes(row.secret(fx));
        if (!meets(row.expected[who], res.status) || leaked) {
          wrong.push(
            `${who}: expected ${row.expected[who]}, got ${res.status} on ${op.method} ${path} ${JSON.stringify(res.body).slice(0, 200)}`,
          );
        }
        if (res.status >= 400 && res.status < 500 && op.path.startsWith('/api/') && !op.path.includes('stream')) {
          // every refusal has the one error model
          if (!(res.body && typeof res.body === 'object' && typeof res.body.error?.code === 'string')) {
            wrong.push(`${who}: ${res.status} without the error model: ${JSON.stringify(res.body).slice(0, 200)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe("mass assignment — fields outside an operation's schema change nothing", () => {
  it('sends role, approval, plan, subscription and owner fields in every JSON body, and nobody gains anything', async () => {
    const snapshot = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ id: users.id, role: users.role, approved: users.approved, email: users.email })
            .from(users)
        ).map((u) => [u.id, u]),
      );
    const subsOf = async (id: string) =>
      (
        await t.db
          .select({ plan: subscriptions.plan, status: subscriptions.status })
          .from(subscriptions)
          .where(eq(subscriptions.userId, id))
      ).length;
    const before = await snapshot();
    const unsubBefore = await subsOf(fx.users.unsub.id);
    const pendingBefore = await subsOf(fx.users.pending.id);
    let sent = 0;
    const wrong: string[] = [];
    for (const row of MATRIX) {
      const op = ops.get(row.op);
      if (!op || row.noMassAssign || !['POST', 'PUT', 'PATCH'].includes(op.method) || !op.body) continue;
      const own = new Set(Object.keys(op.body.properties ?? {}));
      const extra = Object.fromEntries(Object.entries(MASS_ASSIGNMENT_FIELDS).filter(([k]) => !own.has(k)));
      // every identity the table lets through, including the pending and unsubscribed ones
      for (const who of IDENTITIES) {
        if (who === 'anon' || !['ok', 'pass'].includes(String(row.expected[who]))) continue;
        const { res } = await call(row, op, who, extra);
        sent++;
        if (res.status >= 500) wrong.push(`${row.op} as ${who}: ${res.status}`);
        const data = res.body?.data;
        if (res.status < 300 && data && typeof data === 'object' && 'userId' in data && !own.has('userId')) {
          if (data.userId !== fx.users[who].id) wrong.push(`${row.op} as ${who}: created for ${data.userId}`);
        }
      }
    }
    const after = await snapshot();
    for (const [id, u] of Object.entries(before)) {
      const now = after[id];
      if (id === fx.toApprove) continue; // the admin approves this one in the matrix
      if (now && (now.role !== u.role || now.approved !== u.approved || now.email !== u.email)) {
        wrong.push(`user ${u.email} changed: ${JSON.stringify(u)} → ${JSON.stringify(now)}`);
      }
    }
    for (const u of Object.values(after))
      if (u.role === 'admin' && !before[u.id]) wrong.push(`a new admin appeared: ${u.email}`);
    expect(await subsOf(fx.users.unsub.id)).toBe(unsubBefore);
    expect(await subsOf(fx.users.pending.id)).toBe(pendingBefore);
    console.log(
      `authz: ${MATRIX.length} operations × ${IDENTITIES.length} identities = ${MATRIX.length * IDENTITIES.length} answers checked; mass assignment: ${sent} requests`,
    );
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(50);
  });
});
