import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, files, tenderQuestions, tenderResponses, users } from '../../db/schema/index.ts';

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
  await tx
    .insert(auditEvents)
    .values({ tenderId: e.tenderId, actorId: e.actorId, action: e.action, changes: e.changes ?? {} });
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

/**
 * What the ids in a trail are, as a reader names them: a supplier or buyer by company, a response
 * by its supplier, a question by its words, a file by its name. Ids of deleted records are absent.
 */
export async function namesForAuditIds(db: DbOrTx, ids: string[]): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  if (!ids.length) return names;
  const people = await db
    .select({
      id: users.id,
      company: users.companyName,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(users)
    .where(inArray(users.id, ids));
  for (const p of people) names[p.id] = p.company || p.name;
  const responses = await db
    .select({ id: tenderResponses.id, company: users.companyName })
    .from(tenderResponses)
    .innerJoin(users, eq(users.id, tenderResponses.supplierId))
    .where(inArray(tenderResponses.id, ids));
  for (const r of responses) names[r.id] = `Response from ${r.company}`;
  const questions = await db
    .select({ id: tenderQuestions.id, text: tenderQuestions.text })
    .from(tenderQuestions)
    .where(inArray(tenderQuestions.id, ids));
  for (const q of questions) names[q.id] = `“${q.text.length > 80 ? `${q.text.slice(0, 79)}…` : q.text}”`;
  const stored = await db.select({ id: files.id, name: files.fileName }).from(files).where(inArray(files.id, ids));
  for (const f of stored) names[f.id] = f.name;
  return names;
}
