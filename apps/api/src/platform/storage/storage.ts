import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError, LOCAL_FILE_PATH, storageKeyFromUrl } from '@brickyard/shared';
import type { Config } from '../../config.ts';
import { assertSafeKey, encodeKey, type LocalStorage, type PresignedRequest, type Storage } from './contract.ts';

export * from './contract.ts';

export function createLocalStorage(root: string, opts: { signingSecret?: string } = {}): LocalStorage {
  // Without a configured secret (tests that build storage by hand), sign with a per-process key.
  const secret = opts.signingSecret ?? crypto.randomBytes(32).toString('hex');
  const sign = (method: string, key: string, expires: number) =>
    crypto.createHmac('sha256', secret).update(`${method}\n${key}\n${expires}`).digest('base64url');
  const abs = (key: string) => {
    assertSafeKey(key);
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new AppError('VALIDATION_FAILED', 'Invalid storage key');
    return p;
  };
  const presign = (method: 'PUT' | 'GET', key: string, expiresInSeconds: number): PresignedRequest => {
    assertSafeKey(key);
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const url = `${LOCAL_FILE_PATH}${encodeKey(key)}?expires=${expires}&signature=${sign(method, key, expires)}`;
    return { url, method, headers: {}, expiresAt: new Date(expires * 1000) };
  };
  return {
    driver: 'local',
    async put(key, body) {
      const p = abs(key);
      await fsp.mkdir(path.dirname(p), { recursive: true });
      // Write then rename, so a crash never leaves a half-written file under the key.
      const tmp = `${p}.${process.pid}.${Date.now()}.tmp`;
      await fsp.writeFile(tmp, body);
      await fsp.rename(tmp, p);
    },
    async get(key) {
      const p = abs(key);
      try {
        const st = await fsp.stat(p);
        return { stream: fs.createReadStream(p), size: st.size };
      } catch {
        return null;
      }
    },
    async head(key) {
      try {
        const st = await fsp.stat(abs(key));
        return st.isFile() ? { size: st.size } : null;
      } catch {
        return null;
      }
    },
    async readStart(key, bytes) {
      let fh: fsp.FileHandle | undefined;
      try {
        fh = await fsp.open(abs(key), 'r');
        const buf = Buffer.alloc(bytes);
        const { bytesRead } = await fh.read(buf, 0, bytes, 0);
        return buf.subarray(0, bytesRead);
      } catch {
        return null;
      } finally {
        await fh?.close();
      }
    },
    async delete(key) {
      await fsp.rm(abs(key), { force: true });
    },
    async deletePrefix(prefix) {
      const p = abs(prefix.replace(/\/+$/, ''));
      await fsp.rm(p, { recursive: true, force: true });
    },
    async presignUpload(key, o) {
      return presign('PUT', key, o.expiresInSeconds);
    },
    async presignDownload(key, o) {
      return presign('GET', key, o.expiresInSeconds);
    },
    objectUrl(key) {
      return `${LOCAL_FILE_PATH}${encodeKey(key)}`;
    },
    keyFromUrl(url) {
      return storageKeyFromUrl(url);
    },
    verifySignature(method, key, expires, signature) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
      const expected = Buffer.from(sign(method, key, Number(expires)));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'invalid';
      return Number(expires) * 1000 < Date.now() ? 'expired' : 'ok';
    },
  };
}

/** The signing key of local URLs: configured, or derived from the JWT secret (never the JWT key itself). */
export function storageSigningSecret(config: Config): string {
  return (
    config.storageSigningSecret ||
    crypto.createHmac('sha256', config.jwtSecret).update('brickyard/storage-url-signing/v1').digest('hex')
  );
}

/** The configured driver: S3 when S3_BUCKET is set, else local disk under DATA_DIR/storage. */
export async function createStorageFromConfig(config: Config): Promise<Storage> {
  if (config.s3) {
    // Loaded only when used: the AWS SDK is large.
    const { createS3Storage } = await import('./s3.ts');
    return createS3Storage(config.s3);
  }
  return createLocalStorage(path.join(config.dataDir, 'storage'), { signingSecret: storageSigningSecret(config) });
}
