/**
 * docs/decisions/0013-hostile-input-refused-at-the-edge.md: credentials in URLs (verify-email and reset tokens, signatures of signed file URLs)
 * never reach the request log of the real server process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTemplateDatabase } from '../harness.ts';
import { killServer, serverExited, startServerProcess, type ServerProcess } from '../server-process.ts';
import { redactUrl } from '../../src/platform/http/log-redact.ts';

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brickyard-log-'));
  const db = await cloneTemplateDatabase();
  server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'info' });
}, 180_000);
afterAll(async () => {
  if (server) {
    killServer(server, 'SIGTERM');
    await serverExited(server);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the request log holds no tokens or signatures', () => {
  it('redacts token, signature and S3 signature query values', async () => {
    const secrets = ['VerifySecret0123456789abcdef', 'SignatureSecret0123456789', 'AmzSignatureSecret0123'];
    await fetch(`${server.url}/api/auth/verify-email?token=${secrets[0]}`);
    await fetch(`${server.url}/api/files/some-user/docs/a.pdf?expires=99999999999&signature=${secrets[1]}`);
    await fetch(`${server.url}/api/health?X-Amz-Signature=${secrets[2]}&keep=visible`);
    await new Promise((r) => setTimeout(r, 300));
    const log = server.output.join('');
    expect(log).toContain('/api/auth/verify-email?token=[redacted]');
    expect(log).toContain('keep=visible');
    for (const s of secrets) expect(log).not.toContain(s);
  });

  it('redactUrl keeps everything else as it came', () => {
    expect(redactUrl('/api/tender?q=steel&page=2')).toBe('/api/tender?q=steel&page=2');
    expect(redactUrl('/x?code=123456&challenge=abc&a=%ZZ')).toBe('/x?code=[redacted]&challenge=[redacted]&a=%ZZ');
  });
});
