import { tenderAccess } from '../../db/tender-reads.ts';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  catalogueItems,
  files,
  messages,
  profileDocuments,
  profiles,
  tenderResponses,
  tenders,
} from '../../db/schema/index.ts';
import { escapeLike } from '../../db/like.ts';

export type FileRow = typeof files.$inferSelect;
export type EntityType = 'tender' | 'catalogue_item' | 'tender_response';

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

export async function findFileByKey(db: DbOrTx, key: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.key, key)).limit(1);
  return row;
}

export function findFilesByKeys(db: DbOrTx, keys: string[]): Promise<FileRow[]> {
  if (!keys.length) return Promise.resolve([]);
  return db.select().from(files).where(inArray(files.key, keys));
}

export function filesUnderPrefix(db: DbOrTx, ownerId: string, prefix: string): Promise<FileRow[]> {
  const escaped = escapeLike(prefix);
  return db
    .select()
    .from(files)
    .where(and(eq(files.ownerId, ownerId), like(files.key, `${escaped}%`)));
}

export function filesOfEntity(db: DbOrTx, entityType: EntityType, entityId: string): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.entityType, entityType), eq(files.entityId, entityId)));
}

/** Marks a pending file stored; false when it was not pending (a second PUT of the same URL). */
export async function markFileReady(db: DbOrTx, id: string, size: number, contentType: string): Promise<boolean> {
  const rows = await db
    .update(files)
    .set({ status: 'ready', sizeBytes: size, contentType, uploadedAt: sql`now()` })
    .where(and(eq(files.id, id), eq(files.status, 'pending')))
    .returning({ id: files.id });
  return rows.length > 0;
}

export async function linkFiles(db: DbOrTx, keys: string[], entityType: EntityType, entityId: string): Promise<void> {
  if (!keys.length) return;
  await db.update(files).set({ entityType, entityId }).where(inArray(files.key, keys));
}

export async function deleteFileRows(db: DbOrTx, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(files).where(inArray(files.id, ids));
}

export const findTenderAccess = tenderAccess;

export async function findCatalogueAccess(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: catalogueItems.id, userId: catalogueItems.userId })
    .from(catalogueItems)
    .where(eq(catalogueItems.id, id))
    .limit(1);
  return row;
}

/** Locks a tender row and returns its file lists (to drop a deleted file from them). */
export async function lockTenderFiles(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ attachments: tenders.attachments, supportingDocumentIds: tenders.supportingDocumentIds })
    .from(tenders)
    .where(eq(tenders.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function setTenderFiles(
  db: DbOrTx,
  id: string,
  attachments: Array<{ name: string; url: string }>,
  docs: string[],
) {
  await db
    .update(tenders)
    .set({ attachments, supportingDocumentIds: docs, updatedAt: sql`now()` })
    .where(eq(tenders.id, id));
}

export async function lockCatalogueFiles(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ attachments: catalogueItems.attachments, supportingDocumentIds: catalogueItems.supportingDocumentIds })
    .from(catalogueItems)
    .where(eq(catalogueItems.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function setCatalogueFiles(
  db: DbOrTx,
  id: string,
  attachments: Array<{ name: string; url: string }>,
  docs: string[],
) {
  await db
    .update(catalogueItems)
    .set({ attachments, supportingDocumentIds: docs, updatedAt: sql`now()` })
    .where(eq(catalogueItems.id, id));
}

/** Whether `key` is attached to a message that `userId` sent or received (message attachments). */
export async function isAttachedToMessageOf(db: DbOrTx, key: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        or(eq(messages.recipientId, userId), eq(messages.senderId, userId)),
        sql`${messages.attachments} @> ${JSON.stringify([{ key }])}::jsonb`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether `key` is the logo or one of the profile documents of `ownerId` (shown on their profile). */
export async function isProfileFileOf(db: DbOrTx, key: string, ownerId: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from ${profiles} where ${profiles.userId} = ${ownerId} and ${profiles.imageKey} = ${key}
    union all
    select 1 from ${profileDocuments} where ${profileDocuments.userId} = ${ownerId} and ${profileDocuments.fileKey} = ${key}
    limit 1`);
  return rows.rows.length > 0;
}

/** Who may read a response's documents: its supplier, and the tender's buyer once the responses are open. */
export async function findResponseAccess(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      status: tenderResponses.status,
      tenderOwnerId: tenders.userId,
      responseMode: tenders.responseMode,
      deadline: tenders.deadline,
    })
    .from(tenderResponses)
    .innerJoin(tenders, eq(tenders.id, tenderResponses.tenderId))
    .where(eq(tenderResponses.id, id))
    .limit(1);
  return row;
}
