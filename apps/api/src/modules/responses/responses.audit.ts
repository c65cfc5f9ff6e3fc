import {
  RECEIVED_RESPONSE_STATUSES,
  responsesOpenTo,
  type AuditEvent,
  type ResponseMode,
  type ResponseStatus,
} from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './responses.repository.ts';

/** A response as the tender's audit export records it: the current state and every submitted version. */
export interface AuditResponse {
  supplier: string;
  status: ResponseStatus;
  totalPence: number;
  leadTimeDays: number | null;
  validityDays: number | null;
  submittedAt: string | null;
  withdrawnAt: string | null;
  versions: Array<{ version: number; submittedAt: string; totalPence: number | null }>;
}

/** A clarification question as the audit export records it (the buyer's own record: the asker is named). */
export interface AuditQuestion {
  askedBy: string;
  text: string;
  askedAt: string;
  answer: string | null;
  answeredAt: string | null;
  published: boolean;
}

export interface TenderResponsesAudit {
  /** true while the buyer may not open the responses: only their number is recorded */
  sealed: boolean;
  /** responses received (submitted and not withdrawn) */
  received: number;
  responses: AuditResponse[];
  questions: AuditQuestion[];
}

/**
 * The responses and Q&A part of GET /api/tender/{id}/audit. While the tender is sealed the export
 * is held to the same rule as the Responses tab (`responsesOpenTo`): the number received, no prices.
 */
export async function tenderResponsesAudit(
  db: DbOrTx,
  tender: { id: string; responseMode: ResponseMode; deadline: Date | string | null },
): Promise<TenderResponsesAudit> {
  const [rows, questions] = await Promise.all([repo.listForAudit(db, tender.id), repo.listQuestions(db, tender.id)]);
  const sealed = !responsesOpenTo(tender);
  return {
    sealed,
    received: rows.filter((x) => RECEIVED_RESPONSE_STATUSES.includes(x.r.status)).length,
    responses: sealed
      ? []
      : rows.map(({ r, companyName, versions }) => ({
          supplier: companyName,
          status: r.status,
          totalPence: r.totalPence,
          leadTimeDays: r.leadTimeDays,
          validityDays: r.validityDays,
          submittedAt: r.submittedAt?.toISOString() ?? null,
          withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
          versions: versions.map((v) => ({
            version: v.version,
            submittedAt: v.submittedAt.toISOString(),
            totalPence: typeof v.snapshot.totalPence === 'number' ? v.snapshot.totalPence : null,
          })),
        })),
    questions: questions.map(({ q, askerCompany }) => ({
      askedBy: askerCompany,
      text: q.text,
      askedAt: q.createdAt.toISOString(),
      answer: q.answer,
      answeredAt: q.answeredAt?.toISOString() ?? null,
      published: q.published,
    })),
  };
}

/** Response events' prices are kept out of the export while the responses are sealed. */
export function sealResponseEvents(events: AuditEvent[], sealed: boolean): AuditEvent[] {
  if (!sealed) return events;
  return events.map((e) => {
    if (!e.action.startsWith('response_') || !('totalPence' in e.changes)) return e;
    return { ...e, changes: Object.fromEntries(Object.entries(e.changes).filter(([field]) => field !== 'totalPence')) };
  });
}
