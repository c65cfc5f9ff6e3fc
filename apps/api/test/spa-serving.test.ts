/**
 * The built web app is served compressed from the files the build wrote (.br and .gz beside each
 * asset), hashed assets are cached for a year as immutable, and index.html — at / and at every
 * client-side route — is revalidated on each load so a deploy is picked up at once.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-spa-'));
const indexHtml = `<!doctype html><html><head><title>Brickyard</title></head><body><div id="root"></div><script type="module" src="/assets/index-Bx7Yq2.js"></script>${'<!-- padding -->'.repeat(100)}</body></html>`;
const appJs = `export const greeting = ${JSON.stringify('hello from the bundle '.repeat(200))};\n`;

/** Writes `name` and its brotli and gzip copies, as the web build does. */
function writeWithCopies(name: string, text: string) {
  const file = path.join(webDist, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

/** A raw GET (fetch would decode the body and hide what was on the wire). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

let t: TestApp;
beforeAll(async () => {
  writeWithCopies('index.html', indexHtml);
  writeWithCopies('assets/index-Bx7Yq2.js', appJs);
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the web app is served compressed and cached by kind', () => {
  it('sends a hashed asset as brotli when the browser accepts it, cached for a year as immutable', async () => {
    const res = await get(`${t.url}/assets/index-Bx7Yq2.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(appJs);
    expect(res.body.length).toBeLessThan(appJs.length / 5);
  });

  it('falls back to gzip, and to the plain file for a client that accepts no encoding', async () => {
    const gz = await get(`${t.url}/assets/index-Bx7Yq2.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(appJs);

    const plain = await get(`${t.url}/assets/index-Bx7Yq2.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(appJs);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html compressed with no-cache at / and at client-side routes', async () => {
    for (const url of ['/', '/buyer/tenders', '/login?next=%2Fsettings']) {
      const res = await get(`${t.url}${url}`, { 'accept-encoding': 'br, gzip' });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.body).toString(), url).toBe(indexHtml);
    }
  });

  it('keeps files outside assets/ revalidated (their names carry no hash)', async () => {
    const res = await get(`${t.url}/favicon.svg`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // No .br copy exists for it (below the build's size threshold): the plain file is sent.
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers an unknown API path with the JSON 404, never the web app', async () => {
    const res = await get(`${t.url}/api/nope`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString()).error.code).toBe('NOT_FOUND');
  });
});
