import type { Readable } from 'node:stream';
import { AppError } from '@brickyard/shared';

/* The storage interface both drivers (local disk, S3) implement, and the rules of its keys. */

export interface StoredObject {
  stream: Readable;
  size: number;
}

/** A request the browser makes straight to storage (the presigned flow of docs/product.md section 7). */
export interface PresignedRequest {
  url: string;
  method: 'PUT' | 'GET';
  /** Headers the client must send with it (none for the drivers here). */
  headers: Record<string, string>;
  expiresAt: Date;
}

/**
 * Where uploaded files live: local disk (URLs signed with HMAC and served by the API) or an
 * S3-compatible bucket (URLs presigned with SigV4). Keys are `{userId}/{uploadType}/{uuid}-{fileName}`.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Size of a stored object, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** The first `bytes` bytes (for checking the content type), or null when there is no object. */
  readStart(key: string, bytes: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  presignUpload(key: string, opts: { expiresInSeconds: number; contentType?: string }): Promise<PresignedRequest>;
  presignDownload(key: string, opts: { expiresInSeconds: number; fileName?: string }): Promise<PresignedRequest>;
  /** The stable URL kept on a record: its path carries the key (the download flow reads it back). */
  objectUrl(key: string): string;
  /** The key inside such a URL (or the key itself). */
  keyFromUrl(url: string): string;
}

/** Local disk adds the check of its own signed URLs, which the API serves. */
export interface LocalStorage extends Storage {
  readonly driver: 'local';
  verifySignature(
    method: 'PUT' | 'GET',
    key: string,
    expires: string | undefined,
    signature: string | undefined,
  ): 'ok' | 'expired' | 'invalid';
}

export function isLocalStorage(s: Storage): s is LocalStorage {
  return s.driver === 'local' && 'verifySignature' in s;
}

/** Keys are `{userId}/{uploadType}/{uuid}-{fileName}`: relative, no `..`, no backslashes. */
export function assertSafeKey(key: string): void {
  if (
    !key ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    key.split('/').some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw new AppError('VALIDATION_FAILED', 'Invalid storage key', [{ path: 'key', message: 'Invalid key' }]);
  }
}

export const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
