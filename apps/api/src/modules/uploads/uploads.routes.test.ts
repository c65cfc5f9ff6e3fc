import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { tenderBody } from '../../../test/builders.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

const MAX = 64 * 1024;
let t: TestApp;
let buyer: TestUser;
let otherBuyer: TestUser;
let supplier: TestUser;
let coreSupplier: TestUser;

beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: MAX });
  [buyer, otherBuyer, supplier, coreSupplier] = await Promise.all([
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'buyer' }),
    t.createUser({ role: 'supplier' }),
    t.createUser({ role: 'supplier', plan: 'CORE' }),
  ]);
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

async function presign(user: TestUser, body: Record<string, unknown> = {}) {
  return t.request('POST', '/api/upload/presigned-upload-url', {
    token: user.token,
    body: {
      userId: user.id,
      fileName: 'Site plan.pdf',
      fileType: 'application/pdf',
      uploadType: 'tender-attachment',
      ...body,
    },
  });
}
const put = (url: string, bytes: Buffer) =>
  fetch(t.url + url, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'application/octet-stream' },
  });

async function upload(user: TestUser, bytes = PDF, body: Record<string, unknown> = {}) {
  const res = await presign(user, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const r = await put(res.body.data.uploadURL, bytes);
  expect(r.status, await r.clone().text()).toBe(200);
  return res.body.data as { key: string; fileURL: string; uploadURL: string };
}

describe('docs/product.md §7 Uploads: POST /api/upload/presigned-upload-url (local driver)', () => {
  it('answers an upload URL and a key {userId}/{uploadType}/{uuid}-{fileName}, then accepts the bytes once', async () => {
    const res = await presign(buyer, { fileName: '../../Site plan (rev B).pdf' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.key).toMatch(new RegExp(`^${buyer.id}/tender-attachment/[0-9a-f-]{36}-Site plan \\(rev B\\)\\.pdf$`));
    expect(res.body.key).toBe(d.key);
    expect(d.uploadURL).toMatch(/^\/api\/upload\/local\/.+\?expires=\d+&signature=[\w-]+$/);
    expect(d.fileURL).toBe(`/api/upload/local/${d.key.split('/').map(encodeURIComponent).join('/')}`);
    expect(new Date(d.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const first = await put(d.uploadURL, PDF);
    expect(first.status).toBe(200);
    expect((await first.json()).data).toMatchObject({ key: d.key, size: PDF.length, contentType: 'application/pdf' });
    expect((await put(d.uploadURL, PDF)).status).toBe(409);
  });

  it("refuses anonymous (401), another user's folder (400) and invalid input with field details (400)", async () => {
    expect((await t.request('POST', '/api/upload/presigned-upload-url', { body: { fileName: 'a.pdf' } })).status).toBe(
      401,
    );
    const other = await presign(buyer, { userId: otherBuyer.id });
    expect(other.status).toBe(400);
    expect(other.body.error.details[0].path).toBe('userId');
    const bad = await t.request('POST', '/api/upload/presigned-upload-url', {
      token: buyer.token,
      body: { fileName: '', uploadType: '../x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.fileName', 'body.uploadType']),
    );
  });

  it('refuses a tampered signature, another key or method with 400 (never 403), and path traversal', async () => {
    const d = (await presign(buyer)).body.data;
    const tampered = d.uploadURL.replace(/signature=.{4}/, 'signature=AAAA');
    const r1 = await put(tampered, PDF);
    expect(r1.status).toBe(400);
    expect((await r1.json()).error.code).toBe('INVALID_TOKEN');
    const otherKey = d.uploadURL.replace('Site%20plan.pdf', 'other.pdf');
    expect((await put(otherKey, PDF)).status).toBe(400);
    // a PUT signature does not open a GET
    expect((await fetch(t.url + d.uploadURL)).status).toBe(400);
    const traversal = await put(`/api/upload/local/..%2F..%2Fsecrets.json?expires=9999999999&signature=x`, PDF);
    expect(traversal.status).toBe(400);
    expect(fs.existsSync(path.join(t.config.dataDir, 'secrets.json.tmp'))).toBe(false);
    const dl = await t.request(
      'GET',
      `/api/upload/presigned-download-url?key=${encodeURIComponent('../../secrets.json')}`,
      { token: buyer.token },
    );
    expect(dl.status).toBe(400);
  });

  it('checks the bytes, not the name: an executable named .pdf is refused with 415 and not counted', async () => {
    const before = await t.request('GET', '/api/billing/info', { token: coreSupplier.token });
    const d = (await presign(coreSupplier, { fileName: 'invoice.pdf' })).body.data;
    const r = await put(d.uploadURL, EXE);
    expect(r.status).toBe(415);
    expect((await r.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const after = await t.request('GET', '/api/billing/info', { token: coreSupplier.token });
    expect(after.body.data.usage.uploads.used).toBe(before.body.data.usage.uploads.used);
  });

  it('refuses files over the size limit with 413 (declared or sent)', async () => {
    expect((await presign(buyer, { fileSize: MAX + 1 })).status).toBe(413);
    const d = (await presign(buyer)).body.data;
    const big = Buffer.concat([PDF, Buffer.alloc(MAX + 10, 32)]);
    expect((await put(d.uploadURL, big)).status).toBe(413);
  });
});

describe('docs/product.md §9 plan limit: Core gets 5 uploads a calendar month (402), Growth unlimited', () => {
  it('counts race-safely: of 8 files stored in parallel by a fresh Core account exactly 5 are kept', async () => {
    const core = await t.createUser({ role: 'buyer', plan: 'CORE' });
    // choosing a file (an upload URL) takes nothing: all 8 get one
    const urls = await Promise.all(Array.from({ length: 8 }, () => presign(core)));
    expect(urls.map((r) => r.status)).toEqual(Array(8).fill(200));
    const stored = await Promise.all(urls.map((r) => put(r.body.data.uploadURL, PDF)));
    expect(stored.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 402, 402, 402]);
    const refused = await stored.find((r) => r.status === 402)!.json();
    expect(refused.error.code).toBe('PLAN_LIMIT_REACHED');
    expect(refused.error.details).toEqual([
      { path: 'uploads.used', message: '5' },
      { path: 'uploads.limit', message: '5' },
    ]);
    const info = await t.request('GET', '/api/billing/info', { token: core.token });
    expect(info.body.data.usage.uploads).toEqual({ used: 5, limit: 5 });
    const row = await t.db.query.usageCounters.findFirst({ where: (u, { eq }) => eq(u.userId, core.id) });
    expect(row?.month).toBe(format(new Date(), 'yyyy-MM'));
    // the refused files are not kept; with none left, choosing another is refused at once
    expect(await t.db.query.files.findMany({ where: (f, { eq }) => eq(f.ownerId, core.id) })).toHaveLength(5);
    expect((await presign(core)).status).toBe(402);
  });

  it('counts a file when it is stored, not when it is chosen: abandoned and refused picks cost nothing, GET /api/upload/quota says what is left', async () => {
    const core = await t.createUser({ role: 'supplier', plan: 'CORE' });
    const quota = async () => (await t.request('GET', '/api/upload/quota', { token: core.token })).body.data;
    expect(await quota()).toMatchObject({ used: 0, limit: 5 });
    // six files chosen and abandoned (the form was closed), one refused for its type
    for (let i = 0; i < 6; i++) expect((await presign(core)).status).toBe(200);
    const exe = (await presign(core, { fileName: 'x.pdf' })).body.data;
    expect((await put(exe.uploadURL, EXE)).status).toBe(415);
    expect(await quota()).toMatchObject({ used: 0, limit: 5 });
    await upload(core);
    await upload(core);
    expect(await quota()).toMatchObject({ used: 2, limit: 5 });
    const growth = (await t.request('GET', '/api/upload/quota', { token: buyer.token })).body.data;
    expect(growth.limit).toBeNull();
  });

  it('lets a Growth account upload more than 5 a month', async () => {
    const growth = await t.createUser({ role: 'buyer', plan: 'GROWTH' });
    for (let i = 0; i < 7; i++) expect((await presign(growth)).status).toBe(200);
  });
});

describe('docs/product.md §7 Uploads: GET /api/upload/presigned-download-url and the files of tenders', () => {
  it('gives the owner a flat {downloadURL} that serves the bytes under the cleaned name', async () => {
    const f = await upload(buyer);
    const res = await t.request('GET', `/api/upload/presigned-download-url?key=${encodeURIComponent(f.key)}`, {
      token: buyer.token,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['downloadURL', 'expiresAt']);
    const file = await fetch(t.url + res.body.downloadURL);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('filename="Site plan.pdf"');
    // the stored URL works as the key too (the SPEC download flow takes the key from the URL path)
    const byUrl = await t.request(
      'GET',
      `/api/upload/presigned-download-url?key=${encodeURIComponent('http://brickyard.test' + f.fileURL)}`,
      { token: buyer.token },
    );
    expect(byUrl.status).toBe(200);
  });

  it('lets whoever may see the tender download its attachment; others get 404, anonymous 401', async () => {
    const f = await upload(buyer);
    const created = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: tenderBody({ attachments: [{ name: 'Site plan', url: f.fileURL }], supportingDocumentIds: [] }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.attachments).toEqual([{ name: 'Site plan', url: f.fileURL }]);
    const q = `/api/upload/presigned-download-url?key=${encodeURIComponent(f.key)}`;
    expect((await t.request('GET', q, { token: supplier.token })).status).toBe(200);
    expect((await t.request('GET', q, { token: otherBuyer.token })).status).toBe(404);
    expect((await t.request('GET', q)).status).toBe(401);
    // a draft's files stay private
    const g = await upload(buyer);
    await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: tenderBody({ status: 'draft', supportingDocumentIds: [g.fileURL] }),
    });
    expect(
      (
        await t.request('GET', `/api/upload/presigned-download-url?key=${encodeURIComponent(g.key)}`, {
          token: supplier.token,
        })
      ).status,
    ).toBe(404);
  });

  it("refuses to attach someone else's or a never-uploaded file (400 with the field)", async () => {
    const theirs = await upload(otherBuyer);
    const res = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: tenderBody({ attachments: [{ name: 'x', url: theirs.fileURL }] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('attachments.0.url');
    const notUploaded = (await presign(buyer)).body.data;
    const res2 = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: tenderBody({ supportingDocumentIds: [notUploaded.fileURL] }),
    });
    expect(res2.status).toBe(400);
    expect(res2.body.error.details[0].path).toBe('supportingDocumentIds.0');
  });

  it('removes the files of a deleted tender from storage', async () => {
    const f = await upload(buyer);
    const created = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: tenderBody({ attachments: [{ name: 'Plan', url: f.fileURL }] }),
    });
    const stored = path.join(t.config.dataDir, 'storage', f.key);
    expect(fs.existsSync(stored)).toBe(true);
    expect((await t.request('DELETE', `/api/tender/${created.body.data.id}`, { token: buyer.token })).status).toBe(200);
    expect(fs.existsSync(stored)).toBe(false);
    expect(
      (
        await t.request('GET', `/api/upload/presigned-download-url?key=${encodeURIComponent(f.key)}`, {
          token: buyer.token,
        })
      ).status,
    ).toBe(404);
  });

  it('audits a file uploaded for a tender (tenderId) and one removed from it', async () => {
    const created = await t.request('POST', '/api/tender', { token: buyer.token, body: tenderBody() });
    const id = created.body.data.id;
    const f = await upload(buyer, PDF, { tenderId: id });
    await t.request('PUT', `/api/tender/${id}`, {
      token: buyer.token,
      body: { attachments: [{ name: 'Spec', url: f.fileURL }] },
    });
    expect(
      (await t.request('DELETE', `/api/upload/file?key=${encodeURIComponent(f.key)}`, { token: otherBuyer.token }))
        .status,
    ).toBe(404);
    expect((await t.request('DELETE', `/api/upload/file?key=${encodeURIComponent(f.key)}`)).status).toBe(401);
    expect(
      (await t.request('DELETE', `/api/upload/file?key=${encodeURIComponent(f.key)}`, { token: buyer.token })).status,
    ).toBe(200);
    const after = await t.request('GET', `/api/tender/${id}`, { token: buyer.token });
    expect(after.body.data.attachments).toEqual([]);
    const audit = await t.request('GET', `/api/tender/${id}/audit?format=json`, { token: buyer.token });
    expect(audit.body.data.events.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'file_added',
      'files_changed',
      'file_removed',
    ]);
    // someone else's tender id is not yours to upload into
    expect((await presign(otherBuyer, { tenderId: id })).status).toBe(404);
  });

  it('DELETE /api/upload/folder?key removes a folder of your own only', async () => {
    const u = await t.createUser({ role: 'buyer' });
    const a = await upload(u, PDF, { uploadType: 'profile-document' });
    await upload(u, PDF, { uploadType: 'profile-document' });
    expect(
      (await t.request('DELETE', `/api/upload/folder?key=${buyer.id}/profile-document`, { token: u.token })).status,
    ).toBe(404);
    expect((await t.request('DELETE', `/api/upload/folder?key=${u.id}/profile-document`)).status).toBe(401);
    const res = await t.request('DELETE', `/api/upload/folder?key=${u.id}/profile-document/`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data.deleted).toBe(2);
    expect(fs.existsSync(path.join(t.config.dataDir, 'storage', a.key))).toBe(false);
  });
});

describe('docs/product.md §7 Products: POST /api/product/upload-image and upload-document (multipart)', () => {
  const form = (bytes: Buffer, name: string) => {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(bytes)]), name);
    return f;
  };

  it('stores an image for a supplier and answers {name,url,key}', async () => {
    const res = await t.request('POST', '/api/product/upload-image', {
      token: supplier.token,
      raw: form(PNG, 'steel beam.png'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'steel beam.png', contentType: 'image/png', size: PNG.length });
    expect(res.body.data.key).toMatch(new RegExp(`^${supplier.id}/product-image/[0-9a-f-]{36}-steel beam\\.png$`));
    expect(res.body.data.url).toContain('/api/upload/local/');
  });

  it('refuses a PDF as an image (415), buyers (403), anonymous (401) and a missing file (400)', async () => {
    expect(
      (await t.request('POST', '/api/product/upload-image', { token: supplier.token, raw: form(PDF, 'x.png') })).status,
    ).toBe(415);
    expect(
      (
        await t.request('POST', '/api/product/upload-document', {
          token: supplier.token,
          raw: form(PDF, 'datasheet.pdf'),
        })
      ).status,
    ).toBe(201);
    expect(
      (await t.request('POST', '/api/product/upload-document', { token: buyer.token, raw: form(PDF, 'd.pdf') })).status,
    ).toBe(403);
    expect((await t.request('POST', '/api/product/upload-document', { raw: form(PDF, 'd.pdf') })).status).toBe(401);
    const missing = await t.request('POST', '/api/product/upload-document', { token: supplier.token, body: {} });
    expect(missing.status).toBe(400);
  });

  it('counts against the Core quota (402 beyond 5)', async () => {
    const core = await t.createUser({ role: 'supplier', plan: 'CORE' });
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.request('POST', '/api/product/upload-document', { token: core.token, raw: form(PDF, `d${i}.pdf`) }))
          .status,
      ).toBe(201);
    }
    const sixth = await t.request('POST', '/api/product/upload-document', {
      token: core.token,
      raw: form(PDF, 'd6.pdf'),
    });
    expect(sixth.status).toBe(402);
    expect(sixth.body.error.code).toBe('PLAN_LIMIT_REACHED');
  });
});

describe('docs/product.md §7 Download flow for message attachments (attachments through the upload flow)', () => {
  it('the recipient of a message may download its attachment; a third user may not', async () => {
    const file = await upload(supplier, PDF, {
      fileName: 'Quote.pdf',
      uploadType: 'message-attachment',
      tenderId: undefined,
    });
    const sent = await t.request('POST', '/api/sendMessage', {
      token: supplier.token,
      body: {
        recipientId: buyer.id,
        text: 'Our quote is attached',
        attachments: [{ name: 'Quote.pdf', key: file.key }],
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const q = `/api/upload/presigned-download-url?key=${encodeURIComponent(file.key)}`;
    const mine = await t.request('GET', q, { token: buyer.token });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.downloadURL).toBeTruthy();
    const got = await fetch(t.url + mine.body.downloadURL.replace(/^https?:\/\/[^/]+/, ''));
    expect(
      Buffer.from(await got.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect([403, 404]).toContain((await t.request('GET', q, { token: otherBuyer.token })).status);
  });
});

describe('docs/product.md §2 Profile view and §7 download flow: a profile’s logo and documents', () => {
  it('download for whoever may see the profile; never for a pending account or a file that is not on it', async () => {
    const logo = await upload(supplier, PNG, {
      fileName: 'logo.png',
      fileType: 'image/png',
      uploadType: 'profile-image',
    });
    const doc = await upload(supplier, PDF, { fileName: 'ISO 9001.pdf', uploadType: 'profile-document' });
    const loose = await upload(supplier, PDF, { fileName: 'private notes.pdf', uploadType: 'other' });
    const saved = await t.request('PUT', '/api/settings/profile', {
      token: supplier.token,
      body: { image: logo.key, documents: [{ name: 'ISO 9001 certificate', url: doc.fileURL }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const download = (user: TestUser, key: string) =>
      t.request('GET', `/api/upload/presigned-download-url?key=${encodeURIComponent(key)}`, { token: user.token });
    for (const key of [logo.key, doc.key]) {
      const res = await download(buyer, key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.downloadURL).toMatch(/signature=/);
      const file = await fetch(t.url + res.body.downloadURL);
      expect(file.status).toBe(200);
    }
    // a file the supplier did not put on their profile stays theirs
    expect((await download(buyer, loose.key)).status).toBe(404);
    // the same role never sees the profile, so neither its files
    expect((await download(coreSupplier, logo.key)).status).toBe(404);
    const pending = await t.createUser({ role: 'buyer', approved: false });
    expect((await download(pending, doc.key)).status).toBe(404);
  });
});

describe('docs/product.md §9 plan limits are for customers', () => {
  it('an admin (no plan) uploads more than 5 files a month, e.g. replies to bid-assist requests', async () => {
    const admin = await t.createUser({ role: 'admin', plan: null });
    for (let i = 0; i < 6; i++) await upload(admin, PDF, { fileName: `reply-${i}.pdf`, uploadType: 'other' });
  });
});
