/**
 * docs/decisions/0013-hostile-input-refused-at-the-edge.md, odd input: NUL characters (PostgreSQL text cannot hold them) in query strings,
 * multipart fields and imported CSV cells, and dates in year 0000 (PostgreSQL has no year 0),
 * answered 400 VALIDATION_FAILED at the edge, never 500 from a query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../harness.ts';

let t: TestApp;
let buyer: TestUser;
let supplier: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, supplier, admin] = await Promise.all([
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const refused = (res: { status: number; body: any }, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION_FAILED');
};

describe('a NUL character is refused at the edge', () => {
  it('in query strings of every kind of list and search', async () => {
    const cases: Array<[string, TestUser]> = [
      ['/api/tender?subcategory=%00', buyer],
      ['/api/users/search?q=a%00b', buyer],
      ['/api/auth/users?q=%00', admin],
      ['/api/bid-assist/targets?q=%00', supplier],
      ['/api/catalogue?scope=all&q=x%00', supplier],
    ];
    for (const [path, who] of cases) {
      const res = await t.request('GET', path, { token: who.token });
      refused(res, path);
      expect(res.body.error.details[0].path).toMatch(/^querystring\./);
    }
    // A literal "%00" (sent encoded as %2500) is ordinary text.
    expect((await t.request('GET', '/api/users/search?q=a%2500b', { token: buyer.token })).status).toBe(200);
  });

  it('in a multipart field (contact us)', async () => {
    const fd = new FormData();
    fd.append('userTitle', 'Invoice\u0000question');
    fd.append('userMessage', 'Hello team, a question about an invoice.');
    const res = await fetch(`${t.url}/api/auth/contact-us`, {
      method: 'POST',
      headers: { authorization: `Bearer ${supplier.token}` },
      body: fd,
    });
    const body = await res.json();
    refused({ status: res.status, body }, 'contact-us');
    expect(body.error.details.map((d: { path: string }) => d.path)).toContain('body.userTitle');
  });

  it('in an imported CSV cell: the row is reported invalid, nothing is written', async () => {
    const csv =
      'title,description,category,value\r\nConcrete\u0000 blocks,Dense concrete blocks for walls,Concrete & Cement,2.50\r\n';
    for (const dryRun of [true, false]) {
      const fd = new FormData();
      fd.append('file', new Blob([csv], { type: 'text/csv' }), 'items.csv');
      const res = await fetch(`${t.url}/api/catalogue/import${dryRun ? '?dryRun=true' : ''}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${supplier.token}` },
        body: fd,
      });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      const errors = dryRun ? body.data.rows[0].errors : body.data.skipped[0].errors;
      if (dryRun) expect(body.data).toMatchObject({ total: 1, valid: 0, invalid: 1 });
      else expect(body.data).toMatchObject({ created: 0 });
      expect(errors[0]).toMatchObject({ column: 'title', message: expect.stringContaining('NUL') });
    }
  });
});

describe('a date in year 0000 is refused at the edge', () => {
  it('in a query, a dashboard period, a tender deadline, a project and a portfolio item', async () => {
    refused(await t.request('GET', '/api/tender?closingBefore=0000-01-01', { token: buyer.token }), 'closingBefore');
    // a dashboard period (the fuzz test found it answering 500)
    refused(
      await t.request('GET', '/api/analytics/supplier?from=0000-01-01&to=0000-01-01', { token: supplier.token }),
      'from',
    );
    const tender = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: {
        title: 'Structural steel frame for a 4-storey office',
        description: 'Supply, fabricate and erect the structural steel frame for a four-storey office block.',
        category: 'structural-steel',
        region: 'north-west',
        deadline: '0000-01-01',
      },
    });
    refused(tender, 'tender deadline');
    refused(
      await t.request('POST', '/api/tender', {
        token: buyer.token,
        body: { title: 'Steel frame', description: 'Steel frame for an office', deadline: '0000-06-01T12:00:00Z' },
      }),
      'tender deadline date-time',
    );
    refused(
      await t.request('POST', '/api/settings/projects', {
        token: buyer.token,
        body: { name: 'Depot', estimatedCompletion: '0000-01-01' },
      }),
      'project',
    );
    refused(
      await t.request('POST', '/api/portfolio', {
        token: supplier.token,
        body: { title: 'Depot frame', completionDate: '0000-01-01' },
      }),
      'portfolio',
    );
    // Ordinary dates still pass.
    expect((await t.request('GET', '/api/tender?closingBefore=2030-01-01', { token: buyer.token })).status).toBe(200);
    expect(
      (
        await t.request('POST', '/api/portfolio', {
          token: supplier.token,
          body: { title: 'Depot frame', completionDate: '1998-05-01' },
        })
      ).status,
    ).toBe(201);
  });
});
