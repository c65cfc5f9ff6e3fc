import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, users } from '../../db/schema/index.ts';

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export type AuditAction =
  | 'created'
  | 'updated'
  | 'status_changed'
  | 'files_changed'
  | 'file_added'
  | 'file_removed'
  | 'awarded'
  | 'completed'
  | 'deleted'
  | 'response_submitted'
  | 'response_withdrawn'
  | 'response_shortlisted'
  | 'response_awarded'
  | 'question_asked'
  | 'question_answered';

/** Call inside the transaction that makes the change, so the trail and the change commit together. */
export async function insertAuditEvent(
  tx: DbOrTx,
  e: { tenderId: string; actorId: string | null; action: AuditAction; changes?: AuditChanges },
): Promise<void> {
  await tx.insert(auditEvents).values({ tenderId: e.tenderId, actorId: e.actorId, action: e.action, changes: e.changes ?? {} });
}

export function listAuditEvents(db: DbOrTx, tenderId: string) {
  return db
    .select({
      id: auditEvents.id,
      tenderId: auditEvents.tenderId,
      action: auditEvents.action,
      changes: auditEvents.changes,
      createdAt: auditEvents.createdAt,
      actorId: auditEvents.actorId,
      actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      actorEmail: users.email,
      actorCompany: users.companyName,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(eq(auditEvents.tenderId, tenderId))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id))
    .limit(10_000);
}
export type AuditRow = Awaited<ReturnType<typeof listAuditEvents>>[number];
