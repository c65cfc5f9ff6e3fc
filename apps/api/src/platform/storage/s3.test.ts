import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from 'date-fns';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createS3Storage } from './s3.ts';
import { createLocalStorage, type Storage } from './storage.ts';

/**
 * The S3 driver against an S3-protocol server running in-process (s3rver). s3rver checks
 * presigned URLs' expiry but not their signatures, so signature checks are covered by the
 * local driver's tests and by real S3 in production.
 */
let server: S3rver;
let dir: string;
let endpoint: string;
let storage: Storage;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'brickyard-test', configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({
    endpoint,
    region: 'eu-west-2',
    bucket: 'brickyard-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('DESIGN §1 files: the S3 storage driver', () => {
  it('puts, heads, reads the start of, gets and deletes objects', async () => {
    const key = 'u1/tender-attachment/0b1c-plan.pdf';
    expect(await storage.head(key)).toBeNull();
    await storage.put(key, PDF, 'application/pdf');
    expect(await storage.head(key)).toEqual({ size: PDF.length });
    expect((await storage.readStart(key, 8))!.toString()).toBe('%PDF-1.4');
    const obj = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const c of obj!.stream) chunks.push(Buffer.from(c));
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('deletes a whole prefix and nothing outside it', async () => {
    await storage.put('u2/docs/a.pdf', PDF);
    await storage.put('u2/docs/b.pdf', PDF);
    await storage.put('u2/docsx/c.pdf', PDF);
    await storage.deletePrefix('u2/docs/');
    expect(await storage.head('u2/docs/a.pdf')).toBeNull();
    expect(await storage.head('u2/docs/b.pdf')).toBeNull();
    expect(await storage.head('u2/docsx/c.pdf')).toEqual({ size: PDF.length });
  });

  it('presigns a PUT the browser can send and a GET that downloads under the file name', async () => {
    const key = 'u3/tender-attachment/9f-Site plan (rev B).pdf';
    const up = await storage.presignUpload(key, { expiresInSeconds: 60, contentType: 'application/pdf' });
    expect(up.url).toContain('X-Amz-Signature=');
    expect(up.url).not.toContain('x-amz-checksum');
    const put = await fetch(up.url, {
      method: 'PUT',
      body: new Uint8Array(PDF),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    const down = await storage.presignDownload(key, { expiresInSeconds: 60, fileName: 'Site plan (rev B).pdf' });
    const got = await fetch(down.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect(got.headers.get('content-disposition')).toContain('filename="Site plan (rev B).pdf"');
    expect(storage.keyFromUrl(storage.objectUrl(key))).toBe(key);
    expect(storage.objectUrl(key)).toBe(
      `${endpoint}/brickyard-test/u3/tender-attachment/9f-Site%20plan%20(rev%20B).pdf`,
    );
  });

  it('refuses an expired presigned URL', async () => {
    await storage.put('u4/x/a.pdf', PDF);
    const down = await storage.presignDownload('u4/x/a.pdf', { expiresInSeconds: 1 });
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(down.url)).status).toBe(403);
  });

  it('refuses unsafe keys', async () => {
    await expect(storage.put('../etc/passwd', PDF)).rejects.toThrow('Invalid storage key');
    await expect(storage.presignUpload('/abs', { expiresInSeconds: 60 })).rejects.toThrow('Invalid storage key');
  });
});

describe('docs/product.md §7 Uploads over the S3 driver: presign, upload straight to S3, attach, download', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { storage });
  });
  afterAll(() => t?.close());

  it('runs the whole flow and checks the bytes when the file is first attached', async () => {
    const buyer = await t.createUser({ role: 'buyer' });
    const supplier = await t.createUser({ role: 'supplier' });
    const pre = await t.request('POST', '/api/upload/presigned-upload-url', {
      token: buyer.token,
      body: { userId: buyer.id, fileName: 'BoQ.pdf', fileType: 'application/pdf', uploadType: 'tender-document' },
    });
    expect(pre.status).toBe(200);
    expect(pre.body.data.uploadURL.startsWith(`${endpoint}/brickyard-test/${buyer.id}/tender-document/`)).toBe(true);
    expect((await fetch(pre.body.data.uploadURL, { method: 'PUT', body: new Uint8Array(PDF) })).status).toBe(200);

    const bad = await t.request('POST', '/api/upload/presigned-upload-url', {
      token: buyer.token,
      body: { fileName: 'fake.pdf', uploadType: 'tender-document' },
    });
    await fetch(bad.body.data.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)])),
    });

    const body = {
      title: 'Groundworks package, Wigan',
      description: 'Excavation, drainage and foundations for 24 homes on a greenfield site.',
      category: 'groundworks',
      region: 'north-west',
      budget: 310000,
      deadline: addDays(new Date(), 21).toISOString(),
    };
    const refused = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: { ...body, supportingDocumentIds: [bad.body.data.fileURL] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0]).toMatchObject({ path: 'supportingDocumentIds.0' });
    expect(await storage.head(bad.body.data.key)).toBeNull();

    const created = await t.request('POST', '/api/tender', {
      token: buyer.token,
      body: { ...body, supportingDocumentIds: [pre.body.data.fileURL] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const dl = await t.request(
      'GET',
      `/api/upload/presigned-download-url?key=${encodeURIComponent(created.body.data.supportingDocumentIds[0])}`,
      {
        token: supplier.token,
      },
    );
    expect(dl.status).toBe(200);
    const file = await fetch(dl.body.downloadURL);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    expect((await t.request('DELETE', `/api/tender/${created.body.data.id}`, { token: buyer.token })).status).toBe(200);
    expect(await storage.head(pre.body.data.key)).toBeNull();
  });
});

describe('DESIGN §1 files: the local driver signs URLs with an expiry', () => {
  it('accepts its own signature, refuses a changed key, method or expired URL', async () => {
    const local = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-local-')), {
      signingSecret: 'x'.repeat(32),
    });
    const ok = await local.presignUpload('u/a/b.pdf', { expiresInSeconds: 60 });
    const q = new URL(ok.url, 'http://x').searchParams;
    expect(local.verifySignature('PUT', 'u/a/b.pdf', q.get('expires')!, q.get('signature')!)).toBe('ok');
    expect(local.verifySignature('GET', 'u/a/b.pdf', q.get('expires')!, q.get('signature')!)).toBe('invalid');
    expect(local.verifySignature('PUT', 'u/a/c.pdf', q.get('expires')!, q.get('signature')!)).toBe('invalid');
    expect(local.verifySignature('PUT', 'u/a/b.pdf', String(Number(q.get('expires')) + 1), q.get('signature')!)).toBe(
      'invalid',
    );
    const old = await local.presignUpload('u/a/b.pdf', { expiresInSeconds: -5 });
    const oq = new URL(old.url, 'http://x').searchParams;
    expect(local.verifySignature('PUT', 'u/a/b.pdf', oq.get('expires')!, oq.get('signature')!)).toBe('expired');
  });
});
