import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AppError,
  accessStateOf,
  canViewCatalogueItem,
  canViewTender,
  type Attachment,
  type ErrorDetail,
  type PresignedUpload,
  type PresignedUploadBody,
  type StoredFile,
  RECEIVED_RESPONSE_STATUSES,
  responsesOpenTo,
} from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { CONTENT_SNIFF_BYTES, checkUploadContent } from '../../platform/storage/content-check.ts';
import { safeFileName } from '../../platform/storage/file-name.ts';
import { assertSafeKey, isLocalStorage } from '../../platform/storage/storage.ts';
import { insertAuditEvent } from '../audit/audit.service.ts';
import { profileAccess } from '../profiles/profiles.service.ts';
import {
  assertQuotaLeft,
  consumeQuota as takeQuota,
  quotaMonth,
  quotaUsage,
  releaseQuota,
} from '../billing/quota.service.ts';
import { loadPrincipal } from '../users/users.service.ts';
import * as repo from './uploads.repository.ts';
import type { EntityType, FileRow } from './uploads.repository.ts';

export type UploadsService = ReturnType<typeof createUploadsService>;

export interface FileRefs {
  attachments: Attachment[];
  supportingDocumentIds: string[];
}

/**
 * Files: the presigned flow (docs/product.md section 7), the local driver's signed URLs, direct
 * multipart uploads, the monthly upload quota (docs/product.md section 9) and the links between files
 * and the tenders or catalogue items that reference them.
 *
 * Quota: an upload counts when its file is stored and accepted, not when it is chosen: issuing
 * an upload URL only checks that one is left (a picked file that never arrives, or is refused
 * for its size or type, costs nothing). The unit is taken race-safely in one statement when the
 * bytes arrive (the local driver's PUT) or when the API first meets an S3 upload (`finalize`),
 * and a file that finds none left is dropped with 402.
 */
export function createUploadsService(ctx: AppContext) {
  const { db, storage, config, log } = ctx;
  const ttl = config.storageUrlTtlSeconds;

  /** One upload of this month's plan quota (docs/product.md section 9), via the shared quota service. */
  async function consumeQuota(tx: DbOrTx, caller: Principal): Promise<void> {
    // Admins hold no plan (they answer bid-assist requests with files): plan limits are for customers.
    if (caller.role === 'admin') return;
    await takeQuota(tx, { userId: caller.id, plan: caller.plan, kind: 'uploads' });
  }

  const refundUpload = (tx: DbOrTx, userId: string, month: string) =>
    releaseQuota(tx, { userId, kind: 'uploads', month });

  /** Takes the owner's unit for a file whose bytes arrived (the signed PUT and S3 carry no session). */
  async function consumeQuotaOfOwner(tx: DbOrTx, ownerId: string): Promise<void> {
    const owner = await loadPrincipal(tx, ownerId);
    if (!owner) throw new AppError('NOT_FOUND', 'File not found');
    await consumeQuota(tx, owner);
  }

  /** Whether the caller has an upload left this month (the unit itself is taken when the file is stored). */
  async function assertUploadLeft(tx: DbOrTx, caller: Principal): Promise<void> {
    if (caller.role === 'admin') return;
    await assertQuotaLeft(tx, { userId: caller.id, plan: caller.plan, kind: 'uploads' });
  }

  /** A storage key from a key or a stored file URL; refuses traversal and odd keys (400). */
  function resolveKey(input: string): string {
    const v = input.trim();
    const key = /^[a-z][a-z0-9+.-]*:\/\//i.test(v) || v.startsWith('/') ? storage.keyFromUrl(v) : v;
    assertSafeKey(key);
    return key;
  }

  const notFound = () => new AppError('NOT_FOUND', 'File not found');

  /** Checks an upload that went straight to storage (S3) the first time the API meets it. */
  async function finalize(file: FileRow): Promise<FileRow> {
    if (file.status === 'ready') return file;
    if (isLocalStorage(storage)) throw new AppError('INVALID_STATE', 'This file has not been uploaded yet');
    const head = await storage.head(file.key);
    if (!head) throw new AppError('INVALID_STATE', 'This file has not been uploaded yet');
    const refuse = async (err: AppError) => {
      await storage.delete(file.key).catch(() => undefined);
      await repo.deleteFileRows(db, [file.id]);
      throw err;
    };
    if (head.size > config.uploadMaxBytes) {
      await refuse(
        new AppError('PAYLOAD_TOO_LARGE', `Files may be at most ${Math.round(config.uploadMaxBytes / 1024 / 1024)} MB`),
      );
    }
    const start = (await storage.readStart(file.key, CONTENT_SNIFF_BYTES)) ?? Buffer.alloc(0);
    let mime: string;
    try {
      mime = (await checkUploadContent(start, file.fileName)).mime;
    } catch (err) {
      if (err instanceof AppError) await refuse(err);
      throw err;
    }
    try {
      await db.transaction(async (tx) => {
        if (await repo.markFileReady(tx, file.id, head.size, mime!)) await consumeQuotaOfOwner(tx, file.ownerId);
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'PLAN_LIMIT_REACHED') await refuse(err);
      throw err;
    }
    return { ...file, status: 'ready', sizeBytes: head.size, contentType: mime! };
  }

  async function canDownload(caller: Principal, file: FileRow): Promise<boolean> {
    if (file.ownerId === caller.id) return true;
    // Other people's files only for callers past the access gate (approved and subscribed).
    if (accessStateOf(caller) !== 'active') return false;
    if (await repo.isAttachedToMessageOf(db, file.key, caller.id)) return true;
    // A profile's logo and documents: for whoever may see that profile.
    if (await repo.isProfileFileOf(db, file.key, file.ownerId)) {
      return profileAccess(db, caller, file.ownerId).then(
        () => true,
        () => false,
      );
    }
    if (!file.entityId) return false;
    if (file.entityType === 'tender') {
      const t = await repo.findTenderAccess(db, file.entityId);
      return !!t && canViewTender(t, caller);
    }
    if (file.entityType === 'catalogue_item') {
      const c = await repo.findCatalogueAccess(db, file.entityId);
      return !!c && canViewCatalogueItem(c, caller);
    }
    if (file.entityType === 'tender_response') {
      const r = await repo.findResponseAccess(db, file.entityId);
      return (
        !!r &&
        (r.tenderOwnerId === caller.id || caller.role === 'admin') &&
        responsesOpenTo(r) &&
        RECEIVED_RESPONSE_STATUSES.includes(r.status)
      );
    }
    return false;
  }

  /** Drops a file from the lists of the record it belongs to (and audits it for a tender). */
  async function detachFromEntity(tx: DbOrTx, file: FileRow, actorId: string): Promise<void> {
    if (!file.entityId) return;
    const keep = (url: string) => {
      try {
        return storage.keyFromUrl(url) !== file.key;
      } catch {
        return true;
      }
    };
    if (file.entityType === 'tender') {
      const t = await repo.lockTenderFiles(tx, file.entityId);
      if (!t) return;
      await repo.setTenderFiles(
        tx,
        file.entityId,
        t.attachments.filter((a) => keep(a.url)),
        t.supportingDocumentIds.filter(keep),
      );
      await insertAuditEvent(tx, {
        tenderId: file.entityId,
        actorId,
        action: 'file_removed',
        changes: { file: { from: file.fileName, to: null } },
      });
    } else if (file.entityType === 'catalogue_item') {
      const c = await repo.lockCatalogueFiles(tx, file.entityId);
      if (!c) return;
      await repo.setCatalogueFiles(
        tx,
        file.entityId,
        c.attachments.filter((a) => keep(a.url)),
        c.supportingDocumentIds.filter(keep),
      );
    }
  }

  async function removeStored(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((k) => storage.delete(k).catch((err) => log.warn({ err, key: k }, 'could not delete a stored file'))),
    );
  }

  function newKey(userId: string, uploadType: string, fileName: string): { key: string; name: string } {
    const name = safeFileName(fileName);
    return { key: `${userId}/${uploadType}/${crypto.randomUUID()}-${name}`, name };
  }

  return {
    /** GET /api/upload/quota: this month's uploads used and the plan's limit (null = unlimited), for the file pickers. */
    async allowance(caller: Principal): Promise<{ used: number; limit: number | null; month: string }> {
      if (caller.role === 'admin') return { used: 0, limit: null, month: quotaMonth() };
      return quotaUsage(db, { userId: caller.id, plan: caller.plan, kind: 'uploads' });
    },

    /** POST /api/upload/presigned-upload-url */
    async presignUpload(caller: Principal, body: PresignedUploadBody): Promise<PresignedUpload> {
      if (body.userId && body.userId !== caller.id) {
        throw new AppError('VALIDATION_FAILED', 'You can only upload into your own folder', [
          { path: 'userId', message: 'Must be your own user id' },
        ]);
      }
      if (body.fileSize !== undefined && body.fileSize > config.uploadMaxBytes) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `Files may be at most ${Math.round(config.uploadMaxBytes / 1024 / 1024)} MB`,
        );
      }
      const { key, name } = newKey(caller.id, body.uploadType, body.fileName);
      if (body.tenderId) {
        const t = await repo.findTenderAccess(db, body.tenderId);
        if (!t || t.userId !== caller.id) throw new AppError('NOT_FOUND', 'Tender not found');
      }
      const file = {
        key,
        ownerId: caller.id,
        uploadType: body.uploadType,
        fileName: name,
        contentType: body.fileType ?? null,
        entityType: body.tenderId ? ('tender' as const) : null,
        entityId: body.tenderId ?? null,
      };
      if (body.tenderId) {
        const tenderId = body.tenderId;
        // The file and its line in the tender's history are written together.
        await db.transaction(async (tx) => {
          await assertUploadLeft(tx, caller);
          await repo.insertFile(tx, file);
          await insertAuditEvent(tx, {
            tenderId,
            actorId: caller.id,
            action: 'file_added',
            changes: { file: { from: null, to: name } },
          });
        });
      } else {
        // One row: a transaction around the check and the insert would add two round trips and
        // no safety (the check is advice; the unit is taken when the bytes arrive).
        await assertUploadLeft(db, caller);
        await repo.insertFile(db, file);
      }
      const signed = await storage.presignUpload(key, { expiresInSeconds: ttl, contentType: body.fileType });
      return {
        uploadURL: signed.url,
        key,
        fileURL: storage.objectUrl(key),
        method: 'PUT',
        headers: signed.headers,
        expiresAt: signed.expiresAt.toISOString(),
        maxBytes: config.uploadMaxBytes,
      };
    },

    /** PUT /api/upload/local/{key}: the local driver's signed upload. */
    async receiveLocalUpload(key: string, q: { expires?: string; signature?: string }, body: Buffer) {
      if (!isLocalStorage(storage)) throw notFound();
      assertSafeKey(key);
      const verdict = storage.verifySignature('PUT', key, q.expires, q.signature);
      if (verdict === 'invalid') throw new AppError('INVALID_TOKEN', 'This upload link is not valid');
      if (verdict === 'expired') throw new AppError('INVALID_TOKEN', 'This upload link has expired. Please try again.');
      const file = await repo.findFileByKey(db, key);
      if (!file) throw notFound();
      if (file.status === 'ready') throw new AppError('CONFLICT', 'This file has already been uploaded');
      const refuse = async (err: AppError): Promise<never> => {
        await repo.deleteFileRows(db, [file.id]);
        throw err;
      };
      if (body.length === 0)
        throw new AppError('VALIDATION_FAILED', 'The file is empty', [{ path: 'body', message: 'Empty file' }]);
      if (body.length > config.uploadMaxBytes) {
        return refuse(
          new AppError(
            'PAYLOAD_TOO_LARGE',
            `Files may be at most ${Math.round(config.uploadMaxBytes / 1024 / 1024)} MB`,
          ),
        );
      }
      let mime: string;
      try {
        mime = (await checkUploadContent(body, file.fileName)).mime;
      } catch (err) {
        if (err instanceof AppError) return refuse(err);
        throw err;
      }
      // The file counts now that it is accepted; with none left this month it is not kept (402).
      try {
        // One atomic statement takes the unit (or answers none left): no transaction needed.
        await consumeQuotaOfOwner(db, file.ownerId);
      } catch (err) {
        if (err instanceof AppError && err.code === 'PLAN_LIMIT_REACHED') return refuse(err);
        throw err;
      }
      let ready = false;
      try {
        await storage.put(key, body, mime);
        ready = await repo.markFileReady(db, file.id, body.length, mime);
      } finally {
        // stored nothing, or a second PUT of the same file: the unit goes back
        if (!ready) await db.transaction((tx) => refundUpload(tx, file.ownerId, quotaMonth()));
      }
      if (!ready) throw new AppError('CONFLICT', 'This file has already been uploaded');
      return { key, size: body.length, contentType: mime };
    },

    /** GET /api/upload/local/{key}: the local driver's signed download. */
    async serveLocalDownload(
      key: string,
      q: { expires?: string; signature?: string },
    ): Promise<{ stream: Readable; size: number; contentType: string; fileName: string }> {
      if (!isLocalStorage(storage)) throw notFound();
      assertSafeKey(key);
      const verdict = storage.verifySignature('GET', key, q.expires, q.signature);
      if (verdict === 'invalid') throw new AppError('INVALID_TOKEN', 'This download link is not valid');
      if (verdict === 'expired') throw new AppError('INVALID_TOKEN', 'This download link has expired');
      const file = await repo.findFileByKey(db, key);
      const obj = await storage.get(key);
      if (!obj || (file && file.status !== 'ready')) throw notFound();
      const fallbackName = key.split('/').pop() ?? 'file';
      return {
        stream: obj.stream,
        size: obj.size,
        contentType: file?.contentType ?? 'application/octet-stream',
        fileName: file?.fileName ?? fallbackName.replace(/^[0-9a-f-]{36}-?/i, ''),
      };
    },

    /** GET /api/upload/presigned-download-url?key */
    async presignDownload(caller: Principal, keyInput: string): Promise<{ downloadURL: string; expiresAt: string }> {
      const key = resolveKey(keyInput);
      let file = await repo.findFileByKey(db, key);
      let fileName: string | undefined = file?.fileName;
      if (!file) {
        // Files stored by other features without a files row (e.g. a contact-us attachment): owner only.
        if (!key.startsWith(`${caller.id}/`) || !(await storage.head(key))) throw notFound();
      } else {
        if (!(await canDownload(caller, file))) throw notFound();
        try {
          file = await finalize(file);
        } catch (err) {
          if (err instanceof AppError && err.code === 'INVALID_STATE') throw notFound();
          throw err;
        }
        fileName = file.fileName;
      }
      const signed = await storage.presignDownload(key, { expiresInSeconds: ttl, fileName });
      return { downloadURL: signed.url, expiresAt: signed.expiresAt.toISOString() };
    },

    /** DELETE /api/upload/file?key: the owner only; the file also leaves the record that lists it. */
    async deleteFile(caller: Principal, keyInput: string): Promise<{ deleted: number }> {
      const key = resolveKey(keyInput);
      const file = await repo.findFileByKey(db, key);
      if (!file) {
        if (!key.startsWith(`${caller.id}/`) || !(await storage.head(key))) throw notFound();
        await storage.delete(key);
        return { deleted: 1 };
      }
      if (file.ownerId !== caller.id) throw notFound();
      await db.transaction(async (tx) => {
        await detachFromEntity(tx, file, caller.id);
        await repo.deleteFileRows(tx, [file.id]);
      });
      await removeStored([key]);
      return { deleted: 1 };
    },

    /** DELETE /api/upload/folder?key: everything under a prefix of the caller's own folder. */
    async deleteFolder(caller: Principal, prefixInput: string): Promise<{ deleted: number }> {
      const prefix = resolveKey(prefixInput.trim().replace(/\/+$/, ''));
      if (prefix !== caller.id && !prefix.startsWith(`${caller.id}/`))
        throw new AppError('NOT_FOUND', 'Folder not found');
      const rows = await repo.filesUnderPrefix(db, caller.id, prefix === caller.id ? `${prefix}/` : `${prefix}/`);
      await db.transaction(async (tx) => {
        for (const f of rows) await detachFromEntity(tx, f, caller.id);
        await repo.deleteFileRows(
          tx,
          rows.map((f) => f.id),
        );
      });
      await storage.deletePrefix(prefix);
      return { deleted: rows.length };
    },

    /** POST /api/product/upload-image and upload-document (multipart): stored at once, same checks and quota. */
    async storeDirect(
      caller: Principal,
      input: { fileName: string; content: Buffer; only?: 'image'; uploadType: string },
    ): Promise<StoredFile> {
      if (input.content.length === 0)
        throw new AppError('VALIDATION_FAILED', 'The file is empty', [{ path: 'file', message: 'Empty file' }]);
      if (input.content.length > config.uploadMaxBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', 'The file is too large');
      const checked = await checkUploadContent(input.content, input.fileName, { only: input.only });
      const { key, name } = newKey(caller.id, input.uploadType, input.fileName);
      // Count first, so a refused upload never reaches storage.
      await db.transaction(async (tx) => {
        await consumeQuota(tx, caller);
        await repo.insertFile(tx, {
          key,
          ownerId: caller.id,
          uploadType: input.uploadType,
          fileName: name,
          contentType: checked.mime,
          sizeBytes: input.content.length,
          status: 'pending',
        });
      });
      try {
        await storage.put(key, input.content, checked.mime);
      } catch (err) {
        await db.transaction(async (tx) => {
          const f = await repo.findFileByKey(tx, key);
          if (f) await repo.deleteFileRows(tx, [f.id]);
          await refundUpload(tx, caller.id, quotaMonth());
        });
        throw err;
      }
      const f = await repo.findFileByKey(db, key);
      await repo.markFileReady(db, f!.id, input.content.length, checked.mime);
      return { name, url: storage.objectUrl(key), key, size: input.content.length, contentType: checked.mime };
    },

    // ---- used by the tenders and catalogue services ----

    /**
     * Checks the files a record lists (attachments and supporting documents): each must be an
     * uploaded file of the owner, not listed by another record. Answers canonical URLs and keys.
     * Call before the record's transaction (it may read storage).
     */
    async prepareRefs(
      ownerId: string,
      entity: { type: EntityType; id: string | null },
      refs: FileRefs,
    ): Promise<FileRefs & { keys: string[] }> {
      const details: ErrorDetail[] = [];
      const wanted: Array<{ key: string; path: string }> = [];
      const keyOf = (v: string, path: string): string | null => {
        try {
          return resolveKey(v);
        } catch {
          details.push({ path, message: 'Not a stored file' });
          return null;
        }
      };
      const attachments: Attachment[] = [];
      refs.attachments.forEach((a, i) => {
        const key = keyOf(a.url, `attachments.${i}.url`);
        if (key) {
          wanted.push({ key, path: `attachments.${i}.url` });
          attachments.push({ name: a.name, url: storage.objectUrl(key) });
        }
      });
      const docs: string[] = [];
      refs.supportingDocumentIds.forEach((d, i) => {
        const key = keyOf(d, `supportingDocumentIds.${i}`);
        if (key) {
          wanted.push({ key, path: `supportingDocumentIds.${i}` });
          docs.push(storage.objectUrl(key));
        }
      });
      const rows = new Map(
        (await repo.findFilesByKeys(db, [...new Set(wanted.map((w) => w.key))])).map((f) => [f.key, f]),
      );
      for (const w of wanted) {
        const f = rows.get(w.key);
        const linkedElsewhere = f?.entityId && !(f.entityType === entity.type && f.entityId === entity.id);
        if (!f || f.ownerId !== ownerId || linkedElsewhere) {
          details.push({ path: w.path, message: 'Not one of your uploaded files' });
          continue;
        }
        try {
          rows.set(w.key, await finalize(f));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          details.push({ path: w.path, message: err.message });
        }
      }
      if (details.length) throw new AppError('VALIDATION_FAILED', 'Some files are not valid', details);
      return { attachments, supportingDocumentIds: docs, keys: [...new Set(wanted.map((w) => w.key))] };
    },

    /** Keys listed by a stored record (attachments and supporting documents). */
    keysOf(refs: FileRefs): string[] {
      const out = new Set<string>();
      for (const u of [...refs.attachments.map((a) => a.url), ...refs.supportingDocumentIds]) {
        try {
          out.add(resolveKey(u));
        } catch {
          /* not ours */
        }
      }
      return [...out];
    },

    /**
     * In the record's transaction: links `keys` to it and forgets the files it listed before but
     * no longer does. Returns the keys to remove from storage after commit.
     */
    async syncLinks(
      tx: DbOrTx,
      type: EntityType,
      id: string,
      keys: string[],
      previousKeys: string[],
    ): Promise<string[]> {
      await repo.linkFiles(tx, keys, type, id);
      const dropped = previousKeys.filter((k) => !keys.includes(k));
      if (!dropped.length) return [];
      const rows = (await repo.findFilesByKeys(tx, dropped)).filter((f) => f.entityType === type && f.entityId === id);
      await repo.deleteFileRows(
        tx,
        rows.map((f) => f.id),
      );
      return rows.map((f) => f.key);
    },

    /** In the record's deleting transaction: forgets every file linked to it; returns the keys to remove after commit. */
    async unlinkAll(tx: DbOrTx, type: EntityType, id: string): Promise<string[]> {
      const rows = await repo.filesOfEntity(tx, type, id);
      await repo.deleteFileRows(
        tx,
        rows.map((f) => f.id),
      );
      return rows.map((f) => f.key);
    },

    removeStored,
  };
}

/** For messaging: the stored files a message's attachments name. */
export { findFilesByKeys } from './uploads.repository.ts';
