import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { storageKeyFromUrl } from '@brickyard/shared';
import type { S3Config } from '../../config.ts';
import { attachmentDisposition } from './file-name.ts';
import { assertSafeKey, encodeKey, type Storage } from './contract.ts';

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata?.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

/** S3 or any S3-compatible store (MinIO, R2, …), with SigV4-presigned upload and download URLs. */
export function createS3Storage(cfg: S3Config, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      forcePathStyle: cfg.forcePathStyle,
      credentials:
        cfg.accessKeyId && cfg.secretAccessKey
          ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
          : undefined,
      // Presigned PUTs carry no body checksum: the SDK default would sign a CRC of an empty body.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = cfg.bucket;
  const base = (() => {
    if (cfg.endpoint) {
      const u = new URL(cfg.endpoint);
      const origin = u.origin + u.pathname.replace(/\/$/, '');
      return cfg.forcePathStyle
        ? `${origin}/${Bucket}`
        : `${u.protocol}//${Bucket}.${u.host}${u.pathname.replace(/\/$/, '')}`;
    }
    return `https://${Bucket}.s3.${cfg.region}.amazonaws.com`;
  })();

  return {
    driver: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async head(key) {
      assertSafeKey(key);
      try {
        const out = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0 };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async readStart(key, bytes) {
      assertSafeKey(key);
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
        const arr = await out.Body!.transformToByteArray();
        return Buffer.from(arr).subarray(0, bytes);
      } catch (err) {
        if (notFound(err)) return null;
        // An empty object has no satisfiable range.
        if (err instanceof S3ServiceException && err.$metadata?.httpStatusCode === 416) return Buffer.alloc(0);
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      const p = prefix.replace(/\/+$/, '');
      assertSafeKey(p);
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: `${p}/`, ContinuationToken: token }));
        const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length) await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async presignUpload(key, o) {
      assertSafeKey(key);
      const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket, Key: key }), { expiresIn: o.expiresInSeconds });
      return { url, method: 'PUT', headers: {}, expiresAt: new Date(Date.now() + o.expiresInSeconds * 1000) };
    },
    async presignDownload(key, o) {
      assertSafeKey(key);
      const url = await getSignedUrl(
        s3,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: o.fileName ? attachmentDisposition(o.fileName) : undefined,
        }),
        { expiresIn: o.expiresInSeconds },
      );
      return { url, method: 'GET', headers: {}, expiresAt: new Date(Date.now() + o.expiresInSeconds * 1000) };
    },
    objectUrl(key) {
      return `${base}/${encodeKey(key)}`;
    },
    keyFromUrl(url) {
      return storageKeyFromUrl(url, { bucket: cfg.forcePathStyle ? Bucket : undefined });
    },
  };
}
