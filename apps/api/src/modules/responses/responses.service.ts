import {
  AppError,
  EDITABLE_RESPONSE_STATUSES,
  RECEIVED_RESPONSE_STATUSES,
  canViewTender,
  responsesOpenTo,
  sortResponses,
  tenderRequirements,
  type CompareSort,
  type Contract,
  type ErrorDetail,
  type PageMeta,
  type ResponseBodyParsed,
  type ResponseList,
  type TenderQuestion,
  type TenderResponse,
} from '@brickyard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { createOwnerPages } from '../../db/owner-pages.ts';
import type { StoredFeedback, StoredRequirementAnswer, StoredResponseLine } from '../../db/schema/index.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { insertAuditEvent } from '../audit/audit.service.ts';
import { compareCsv, comparePdf } from './compare-export.ts';
import { contractFor, proposeContract } from '../deals/deals.service.ts';
import { publishVia } from '../../platform/realtime/hub.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import * as repo from './responses.repository.ts';

export type ResponsesService = ReturnType<typeof createResponsesService>;

const pounds = (pence: number) => Math.round(pence) / 100;
const gbp = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const tenderNotFound = () => new AppError('NOT_FOUND', 'Tender not found');
const responseNotFound = () => new AppError('NOT_FOUND', 'Response not found');
const buyerLink = (tenderId: string) => `/buyer/tender/${tenderId}?tab=responses`;
const supplierLink = (tenderId: string) => `/supplier/tender/${tenderId}`;

/** A tender still takes responses: active, and its deadline (if any) not passed. */
function takingResponses(t: { status: string; deadline: Date | null }): boolean {
  return t.status === 'active' && (t.deadline === null || t.deadline.getTime() > Date.now());
}

function requireTakingResponses(t: { status: string; deadline: Date | null }) {
  if (t.status !== 'active') throw new AppError('INVALID_STATE', 'This tender is not taking responses');
  if (!takingResponses(t)) throw new AppError('INVALID_STATE', 'The deadline for responses has passed');
}

/** Open Responses tabs and response lists of these users refetch (delivered at the write's commit). */
const announce = (tx: DbOrTx, tenderId: string, userIds: string[]) =>
  publishVia(tx, userIds, [{ type: 'response.changed', data: { tenderId } }]);

function isUniqueViolation(err: unknown): boolean {
  const e = err as { cause?: { code?: string }; code?: string };
  return (e.cause?.code ?? e.code) === '23505';
}

/** `forBuyer`: the tender's owner is reading, so their private note is included (never for the supplier). */
function toResponse(
  f: repo.FullResponse,
  names: Map<string, string>,
  urlOf: (key: string) => string,
  forBuyer: boolean,
): TenderResponse {
  const r = f.r;
  return {
    id: r.id,
    tenderId: r.tenderId,
    tenderTitle: f.tenderTitle,
    tenderDeadline: f.tenderDeadline?.toISOString() ?? null,
    supplier: {
      id: r.supplierId,
      companyName: f.companyName,
      verified: f.approved,
      fulfilledDeals: Number(f.fulfilledDeals),
      reviews: {
        average: f.reviews.average === null ? null : Number(f.reviews.average),
        count: Number(f.reviews.count),
      },
    },
    match: f.match
      ? {
          score: f.match.score,
          itemTitle: f.match.itemTitle,
          reasons: f.match.reasons.filter((x) => x.contribution > 0).map((x) => x.label),
        }
      : null,
    lines: r.lines.map((l) => ({
      catalogueItemId: l.catalogueItemId,
      description: l.description,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: pounds(l.unitPricePence),
      unitPricePence: l.unitPricePence,
      lineTotal: pounds(l.lineTotalPence),
      lineTotalPence: l.lineTotalPence,
    })),
    total: pounds(r.totalPence),
    totalPence: r.totalPence,
    currency: 'GBP',
    leadTimeDays: r.leadTimeDays,
    validityDays: r.validityDays,
    note: r.note,
    requirementAnswers: r.requirementAnswers.map((a) => ({
      requirement: a.requirement,
      answer: a.answer,
      comment: a.comment,
    })),
    documents: r.documents.filter((k) => names.has(k)).map((k) => ({ key: k, name: names.get(k)!, url: urlOf(k) })),
    status: r.status,
    version: r.version,
    feedback: r.feedback
      ? {
          rank: r.feedback.rank,
          of: r.feedback.of,
          gapToWinner: pounds(r.feedback.gapPence),
          gapToWinnerPence: r.feedback.gapPence,
          missedRequirements: r.feedback.missed,
        }
      : null,
    contractId: r.contractId,
    buyerNote: forBuyer ? r.buyerNote : null,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** GET /api/responses/mine */
export interface ResponsesPage {
  data: TenderResponse[];
  meta: PageMeta;
}

/** What a submitted version looked like, kept in tender_response_versions. */
function snapshotOf(r: repo.ResponseRow): Record<string, unknown> {
  return {
    lines: r.lines,
    totalPence: r.totalPence,
    leadTimeDays: r.leadTimeDays,
    validityDays: r.validityDays,
    note: r.note,
    requirementAnswers: r.requirementAnswers,
    documents: r.documents,
  };
}

/**
 * Tender responses (docs/decisions/0015-tender-responses-sealed-by-default.md): suppliers bid until the deadline, buyers open them (sealed until
 * the deadline unless the tender is open), compare, shortlist and award one (a contract through
 * the contracts flow); every other bidder hears the outcome with feedback. Clarification
 * questions before the question deadline, answered privately or published.
 */
export function createResponsesService(ctx: AppContext, uploads: UploadsService) {
  const { db } = ctx;

  async function present(rows: repo.FullResponse[], forBuyer = false): Promise<TenderResponse[]> {
    const names = await repo.fileNames(db, [...new Set(rows.flatMap((r) => r.r.documents))]);
    return rows.map((r) => toResponse(r, names, (k) => ctx.storage.objectUrl(k), forBuyer));
  }
  const presentOne = async (row: repo.FullResponse, forBuyer = false) => (await present([row], forBuyer))[0]!;
  // A supplier's responses as they last read them, under their responses version (migration 0043).
  const minePages = createOwnerPages<ResponsesPage>('responses');
  const keptResponses = createOwnerPages<TenderResponse>('responses', { maxRows: 10_000 });

  /** The tender if the caller may see it (suppliers: visible statuses; buyers: their own), else 404. */
  async function visibleTender(caller: Principal, id: string) {
    const t = await repo.findTender(db, id);
    if (!t || !canViewTender(t, caller)) throw tenderNotFound();
    return t;
  }

  /**
   * Checks a body against the tender and the supplier's catalogue; answers the stored lines,
   * total and answers. Unknown or foreign catalogue items, unknown requirements, and (when
   * submitting) unanswered requirements are 400 with field details.
   */
  async function priced(caller: Principal, tender: repo.TenderRow, body: ResponseBodyParsed) {
    const details: ErrorDetail[] = [];
    const ids = [...new Set(body.lines.map((l) => l.catalogueItemId).filter((x): x is string => !!x))];
    const items = new Map((await repo.findCatalogueItems(db, ids)).map((i) => [i.id, i]));
    const lines: StoredResponseLine[] = [];
    body.lines.forEach((l, i) => {
      let unitPricePence = l.unitPrice === undefined ? undefined : Math.round(l.unitPrice * 100);
      if (l.catalogueItemId) {
        const item = items.get(l.catalogueItemId);
        if (!item || item.userId !== caller.id) {
          details.push({ path: `lines.${i}.catalogueItemId`, message: 'Not one of your catalogue items' });
          return;
        }
        unitPricePence ??= item.valuePence ?? undefined;
      }
      if (unitPricePence === undefined) {
        details.push({ path: `lines.${i}.unitPrice`, message: 'Enter a unit price' });
        return;
      }
      const lineTotalPence = Math.round(l.quantity * unitPricePence);
      // A total the supplier typed that disagrees with quantity × price is a mistake on one side:
      // refuse it rather than silently price the bid differently from what they saw.
      if (l.lineTotal !== undefined && Math.round(l.lineTotal * 100) !== lineTotalPence) {
        details.push({
          path: `lines.${i}.lineTotal`,
          message: `Does not add up: ${l.quantity} × ${gbp(unitPricePence)} is ${gbp(lineTotalPence)}`,
        });
        return;
      }
      lines.push({
        catalogueItemId: l.catalogueItemId ?? null,
        description: l.description,
        unit: l.unit || 'each',
        quantity: l.quantity,
        unitPricePence,
        lineTotalPence,
      });
    });
    const totalPence = lines.reduce((a, l) => a + l.lineTotalPence, 0);
    if (body.total !== undefined && lines.length === body.lines.length && Math.round(body.total * 100) !== totalPence) {
      details.push({ path: 'total', message: `Does not add up: the lines come to ${gbp(totalPence)}` });
    }
    if (totalPence > 1_000_000_000_000) details.push({ path: 'lines', message: 'The total is too large' });

    const required = tenderRequirements(tender);
    const keys = new Set(required.map((r) => r.key));
    body.requirementAnswers.forEach((a, i) => {
      if (!keys.has(a.requirement))
        details.push({
          path: `requirementAnswers.${i}.requirement`,
          message: 'This tender does not state that requirement',
        });
    });
    if (body.status === 'submitted') {
      const answered = new Set(body.requirementAnswers.map((a) => a.requirement));
      required.forEach((r) => {
        if (!answered.has(r.key))
          details.push({ path: `requirementAnswers`, message: `Answer the requirement “${r.label}: ${r.detail}”` });
      });
    }
    if (details.length) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', details);
    const answers: StoredRequirementAnswer[] = body.requirementAnswers.map((a) => ({
      requirement: a.requirement,
      answer: a.answer,
      comment: a.comment || null,
    }));
    return { lines, totalPence, answers };
  }

  async function documentKeys(caller: Principal, responseId: string | null, docs: string[]): Promise<string[]> {
    if (!docs.length) return [];
    try {
      const refs = await uploads.prepareRefs(
        caller.id,
        { type: 'tender_response', id: responseId },
        { attachments: [], supportingDocumentIds: docs },
      );
      return refs.keys;
    } catch (err) {
      // prepareRefs names the field supportingDocumentIds; here it is documents
      if (err instanceof AppError && err.details) {
        throw new AppError(
          err.code,
          err.message,
          err.details.map((d) => ({ ...d, path: d.path.replace('supportingDocumentIds', 'documents') })),
        );
      }
      throw err;
    }
  }

  /** In the write's transaction: a submitted version — the version row, the audit event, the buyer told. */
  async function recordSubmission(
    tx: DbOrTx,
    caller: Principal,
    tender: repo.TenderRow,
    row: repo.ResponseRow,
    first: boolean,
  ) {
    await repo.insertVersion(tx, { responseId: row.id, version: row.version, snapshot: snapshotOf(row) });
    await insertAuditEvent(tx, {
      tenderId: tender.id,
      actorId: caller.id,
      action: 'response_submitted',
      changes: {
        response: { from: null, to: row.id },
        version: { from: row.version - 1 || null, to: row.version },
        totalPence: { from: null, to: row.totalPence },
      },
    });
    await announce(tx, tender.id, [tender.userId, caller.id]);
    await notify(tx, {
      userId: tender.userId,
      kind: 'tender_response',
      title: first ? 'New response to your tender' : 'A response to your tender changed',
      body:
        tender.responseMode === 'sealed'
          ? // sealed: neither the price nor who bid reaches the buyer before the deadline
            `A supplier ${first ? 'submitted a response to' : 'changed its response to'} “${tender.title}”. Sealed responses open after the deadline.`
          : `${caller.companyName} ${first ? 'submitted a response to' : 'changed its response to'} “${tender.title}” (${gbp(row.totalPence)}).`,
      link: buyerLink(tender.id),
    });
  }

  /** The response if the caller is its supplier, or the tender's buyer (or an admin) once it may be opened; else 404 / 409 sealed. */
  async function readable(caller: Principal, id: string): Promise<repo.FullResponse> {
    const row = await repo.findResponse(db, id);
    if (!row) throw responseNotFound();
    if (row.r.supplierId === caller.id) return row;
    if (caller.role === 'supplier') throw responseNotFound();
    const t = await repo.findTender(db, row.r.tenderId);
    if (!t || (t.userId !== caller.id && caller.role !== 'admin') || !RECEIVED_RESPONSE_STATUSES.includes(row.r.status))
      throw responseNotFound();
    if (!responsesOpenTo(t))
      throw new AppError('INVALID_STATE', 'Responses to this tender are sealed until its deadline');
    return row;
  }

  return {
    /** POST /api/tender/{id}/responses */
    async create(caller: Principal, tenderId: string, body: ResponseBodyParsed): Promise<TenderResponse> {
      const tender = await visibleTender(caller, tenderId);
      requireTakingResponses(tender);
      if (await repo.findLiveResponse(db, tenderId, caller.id)) {
        throw new AppError('CONFLICT', 'You already have a response to this tender: change or withdraw it instead');
      }
      const { lines, totalPence, answers } = await priced(caller, tender, body);
      const keys = await documentKeys(caller, null, body.documents);
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const t = await repo.lockTender(tx, tenderId);
          if (!t) throw tenderNotFound();
          requireTakingResponses(t);
          const submitted = body.status === 'submitted';
          const row = await repo.insertResponse(tx, {
            tenderId,
            supplierId: caller.id,
            status: body.status,
            version: submitted ? 1 : 0,
            lines,
            totalPence,
            leadTimeDays: body.leadTimeDays ?? null,
            validityDays: body.validityDays ?? null,
            note: body.note,
            requirementAnswers: answers,
            documents: keys,
            submittedAt: submitted ? new Date() : null,
          });
          await uploads.syncLinks(tx, 'tender_response', row.id, keys, []);
          if (submitted) await recordSubmission(tx, caller, t, row, true);
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError('CONFLICT', 'You already have a response to this tender: change or withdraw it instead');
        throw err;
      }
      return presentOne((await repo.findResponse(db, id))!);
    },

    /** PUT /api/responses/{id}: the supplier changes (and submits again) their response before the deadline. */
    async update(caller: Principal, id: string, body: ResponseBodyParsed): Promise<TenderResponse> {
      const seen = await repo.findResponse(db, id);
      if (!seen || seen.r.supplierId !== caller.id) throw responseNotFound();
      const tender = await repo.findTender(db, seen.r.tenderId);
      if (!tender) throw responseNotFound();
      requireTakingResponses(tender);
      const { lines, totalPence, answers } = await priced(caller, tender, body);
      const keys = await documentKeys(caller, id, body.documents);
      let dropped: string[] = [];
      await db.transaction(async (tx) => {
        const t = await repo.lockTender(tx, tender.id);
        if (!t) throw responseNotFound();
        requireTakingResponses(t);
        const r = await repo.lockResponse(tx, id);
        if (!r) throw responseNotFound();
        if (!EDITABLE_RESPONSE_STATUSES.includes(r.status))
          throw new AppError('INVALID_STATE', `A ${r.status} response can no longer be changed`);
        if (r.status === 'submitted' && body.status === 'draft') {
          throw new AppError(
            'INVALID_STATE',
            'A submitted response cannot go back to draft: submit your changes, or withdraw it',
            [{ path: 'status', message: 'Submit the changes instead' }],
          );
        }
        const submitted = body.status === 'submitted';
        const next = await repo.updateResponse(tx, id, {
          status: body.status,
          version: submitted ? r.version + 1 : r.version,
          lines,
          totalPence,
          leadTimeDays: body.leadTimeDays ?? null,
          validityDays: body.validityDays ?? null,
          note: body.note,
          requirementAnswers: answers,
          documents: keys,
          ...(submitted ? { submittedAt: new Date() } : {}),
        });
        dropped = await uploads.syncLinks(tx, 'tender_response', id, keys, r.documents);
        if (submitted) await recordSubmission(tx, caller, t, next, r.version === 0);
      });
      await uploads.removeStored(dropped);
      return presentOne((await repo.findResponse(db, id))!);
    },

    /** POST /api/responses/{id}/withdraw: the supplier takes it back before the deadline. */
    async withdraw(caller: Principal, id: string): Promise<TenderResponse> {
      const seen = await repo.findResponse(db, id);
      if (!seen || seen.r.supplierId !== caller.id) throw responseNotFound();
      await db.transaction(async (tx) => {
        const t = await repo.lockTender(tx, seen.r.tenderId);
        if (!t) throw responseNotFound();
        const r = await repo.lockResponse(tx, id);
        if (!r) throw responseNotFound();
        if (!['draft', 'submitted', 'shortlisted'].includes(r.status))
          throw new AppError('INVALID_STATE', `A ${r.status} response cannot be withdrawn`);
        if (!takingResponses(t))
          throw new AppError('INVALID_STATE', 'The deadline has passed: the response can no longer be withdrawn');
        await repo.updateResponse(tx, id, { status: 'withdrawn', withdrawnAt: new Date() });
        if (r.status !== 'draft') {
          await announce(tx, t.id, [t.userId, caller.id]);
          await insertAuditEvent(tx, {
            tenderId: t.id,
            actorId: caller.id,
            action: 'response_withdrawn',
            changes: { response: { from: r.id, to: null }, status: { from: r.status, to: 'withdrawn' } },
          });
          await notify(tx, {
            userId: t.userId,
            kind: 'tender_response',
            title: 'A response was withdrawn',
            body: `${responsesOpenTo(t) ? caller.companyName : 'A supplier'} withdrew its response to “${t.title}”.`,
            link: buyerLink(t.id),
          });
        }
      });
      return presentOne((await repo.findResponse(db, id))!);
    },

    /** GET /api/responses/{id} */
    async get(caller: Principal, id: string): Promise<TenderResponse> {
      const read = async () => {
        const row = await readable(caller, id);
        return presentOne(row, row.r.supplierId !== caller.id);
      };
      // A supplier's own response is kept under their responses version (a response never changes
      // supplier, so a kept one was theirs when read); a buyer or admin reads it each time.
      return caller.role === 'supplier' ? keptResponses.answer(db, caller.id, id, read) : read();
    },

    /** PUT /api/responses/{id}/note: the tender owner's private note on an opened response. */
    async setNote(caller: Principal, id: string, note: string): Promise<TenderResponse> {
      const seen = await readable(caller, id);
      if (seen.r.supplierId === caller.id || caller.role !== 'buyer') throw responseNotFound();
      await repo.setBuyerNote(db, id, note);
      return presentOne((await repo.findResponse(db, id))!, true);
    },

    /** GET /api/tender/{id}/responses: the buyer's (sealed: only the count), or a supplier's own. */
    async listForTender(caller: Principal, tenderId: string): Promise<ResponseList> {
      const t = await visibleTender(caller, tenderId);
      const meta = { responseMode: t.responseMode, deadline: t.deadline?.toISOString() ?? null };
      if (t.userId === caller.id || caller.role === 'admin') {
        const open = responsesOpenTo(t);
        if (!open)
          return {
            data: [],
            meta: { ...meta, total: await repo.countForTender(db, tenderId, RECEIVED_RESPONSE_STATUSES), sealed: true },
          };
        const rows = await repo.listForTender(db, tenderId, RECEIVED_RESPONSE_STATUSES);
        return { data: await present(rows, true), meta: { ...meta, total: rows.length, sealed: false } };
      }
      if (caller.role !== 'supplier') throw tenderNotFound();
      const rows = await repo.listForTenderBySupplier(db, tenderId, caller.id);
      return { data: await present(rows), meta: { ...meta, total: rows.length, sealed: !responsesOpenTo(t) } };
    },

    /** GET /api/tender/{id}/responses/compare: the owner's comparison as PDF or CSV, once the responses are open. */
    async compareExport(
      caller: Principal,
      tenderId: string,
      q: { format: 'pdf' | 'csv'; sort: CompareSort; shortlisted: boolean },
    ) {
      const t = await visibleTender(caller, tenderId);
      if (t.userId !== caller.id && caller.role !== 'admin') throw tenderNotFound();
      if (!responsesOpenTo(t))
        throw new AppError('INVALID_STATE', 'Responses to this tender are sealed until its deadline');
      const all = await present(await repo.listForTender(db, tenderId, RECEIVED_RESPONSE_STATUSES), true);
      const rows = sortResponses(
        q.shortlisted ? all.filter((r) => r.status === 'shortlisted' || r.status === 'awarded') : all,
        q.sort,
      );
      const base = `tender-${tenderId.slice(0, 8)}-responses`;
      if (q.format === 'csv')
        return { contentType: 'text/csv; charset=utf-8', fileName: `${base}.csv`, body: compareCsv(t, rows) };
      return { contentType: 'application/pdf', fileName: `${base}.pdf`, body: await comparePdf(t, rows) };
    },

    /** GET /api/responses/mine */
    async mine(caller: Principal, page: number, pageSize: number): Promise<ResponsesPage> {
      // Kept per supplier and page while nothing the page shows has changed (db/owner-pages.ts).
      return minePages.answer(db, caller.id, `${page} ${pageSize}`, async () => {
        const { rows, total } = await repo.listMine(db, caller.id, page, pageSize);
        return { data: await present(rows), meta: { page, pageSize, total } };
      });
    },

    /** POST /api/responses/{id}/shortlist: the buyer marks (or unmarks) an opened response. */
    async shortlist(caller: Principal, id: string, shortlisted: boolean): Promise<TenderResponse> {
      const seen = await readable(caller, id);
      if (seen.r.supplierId === caller.id) throw responseNotFound();
      await db.transaction(async (tx) => {
        const t = await repo.lockTender(tx, seen.r.tenderId);
        if (!t || t.userId !== caller.id) throw responseNotFound();
        const r = await repo.lockResponse(tx, id);
        if (!r) throw responseNotFound();
        const to = shortlisted ? 'shortlisted' : 'submitted';
        if (r.status === to) return;
        if (!['submitted', 'shortlisted'].includes(r.status))
          throw new AppError('INVALID_STATE', `A ${r.status} response cannot be shortlisted`);
        await repo.updateResponse(tx, id, { status: to });
        await announce(tx, t.id, [t.userId, r.supplierId]);
        await insertAuditEvent(tx, {
          tenderId: t.id,
          actorId: caller.id,
          action: 'response_shortlisted',
          changes: { response: { from: r.id, to: r.id }, status: { from: r.status, to } },
        });
        if (shortlisted) {
          await notify(tx, {
            userId: r.supplierId,
            kind: 'response_outcome',
            title: 'Your response was shortlisted',
            body: `${caller.companyName} shortlisted your response to “${t.title}”.`,
            link: supplierLink(t.id),
          });
        }
      });
      return presentOne((await repo.findResponse(db, id))!, true);
    },

    /**
     * POST /api/responses/{id}/award: the response becomes a contract proposal for its total
     * (the contracts flow: the tender goes pending); every other bidder is told the outcome with
     * their price rank, the gap to the winner and the requirements they missed. One transaction.
     */
    async award(
      caller: Principal,
      id: string,
      terms: string | undefined,
    ): Promise<{ response: TenderResponse; contract: Contract }> {
      const seen = await readable(caller, id);
      if (seen.r.supplierId === caller.id || caller.role !== 'buyer') throw responseNotFound();
      let contractId = '';
      try {
        await db.transaction(async (tx) => {
          const t = await repo.lockTender(tx, seen.r.tenderId);
          if (!t || t.userId !== caller.id) throw responseNotFound();
          if (!responsesOpenTo(t))
            throw new AppError('INVALID_STATE', 'A sealed tender can be awarded only after its deadline');
          const received = await repo.lockForTender(tx, t.id, ['submitted', 'shortlisted']);
          const winner = received.find((r) => r.id === id);
          if (!winner) throw new AppError('INVALID_STATE', `A ${seen.r.status} response cannot be awarded`);
          const items = winner.lines.filter((l) => l.catalogueItemId);
          const single = items.length === 1 && winner.lines.length === 1 ? items[0]! : null;
          const contract = await proposeContract(tx, caller, {
            tenderId: t.id,
            supplierId: winner.supplierId,
            catalogueItemId: single?.catalogueItemId ?? null,
            catalogueItemTitle: single?.description ?? null,
            valuePence: winner.totalPence,
            currency: 'GBP',
            terms: terms || null,
          });
          contractId = contract.id;
          const now = new Date();
          await repo.updateResponse(tx, winner.id, { status: 'awarded', contractId: contract.id, decidedAt: now });
          await insertAuditEvent(tx, {
            tenderId: t.id,
            actorId: caller.id,
            action: 'response_awarded',
            changes: { response: { from: null, to: winner.id }, totalPence: { from: null, to: winner.totalPence } },
          });
          await notify(tx, {
            userId: winner.supplierId,
            kind: 'response_outcome',
            title: 'Your response won the tender',
            body: `${caller.companyName} awarded you “${t.title}” for ${gbp(winner.totalPence)}. Accept the contract in Deals.`,
            link: supplierLink(t.id),
          });
          await announce(tx, t.id, [t.userId, ...received.map((r) => r.supplierId)]);
          const ranked = [...received].sort((a, b) => a.totalPence - b.totalPence);
          const labels = new Map(
            tenderRequirements(t).map((r) => [
              r.key,
              r.key.startsWith('quality:') ? `${r.label}: ${r.detail}` : r.label,
            ]),
          );
          for (const r of received) {
            if (r.id === winner.id) continue;
            const feedback: StoredFeedback = {
              rank: ranked.findIndex((x) => x.totalPence === r.totalPence) + 1,
              of: ranked.length,
              gapPence: r.totalPence - winner.totalPence,
              missed: r.requirementAnswers
                .filter((a) => a.answer !== 'meets')
                .map((a) => labels.get(a.requirement) ?? a.requirement),
            };
            await repo.updateResponse(tx, r.id, { status: 'unsuccessful', feedback, decidedAt: now });
            const gap =
              feedback.gapPence === 0
                ? 'the same price as'
                : feedback.gapPence > 0
                  ? `${gbp(feedback.gapPence)} above`
                  : `${gbp(-feedback.gapPence)} below`;
            await notify(tx, {
              userId: r.supplierId,
              kind: 'response_outcome',
              title: 'Your response was not successful',
              body:
                `“${t.title}” was awarded to another supplier. Your price ranked ${feedback.rank} of ${feedback.of}, ${gap} the winning response.` +
                (feedback.missed.length ? ` Requirements not fully met: ${feedback.missed.join(', ')}.` : ''),
              link: supplierLink(t.id),
            });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('INVALID_STATE', 'This tender already has an open contract');
        throw err;
      }
      return {
        response: await presentOne((await repo.findResponse(db, id))!, true),
        contract: await contractFor(db, contractId, caller.id),
      };
    },

    // ---- questions ----

    /** POST /api/tender/{id}/questions (supplier) before the question deadline (else the tender's deadline). */
    async ask(caller: Principal, tenderId: string, text: string): Promise<TenderQuestion> {
      const t = await visibleTender(caller, tenderId);
      if (t.status !== 'active') throw new AppError('INVALID_STATE', 'This tender is not taking questions');
      const until = t.questionDeadline ?? t.deadline;
      if (until && until.getTime() <= Date.now())
        throw new AppError('INVALID_STATE', 'The deadline for questions has passed');
      const row = await db.transaction(async (tx) => {
        const q = await repo.insertQuestion(tx, { tenderId, askerId: caller.id, text });
        await insertAuditEvent(tx, {
          tenderId,
          actorId: caller.id,
          action: 'question_asked',
          changes: { question: { from: null, to: text } },
        });
        await notify(tx, {
          userId: t.userId,
          kind: 'tender_question',
          title: 'New question on your tender',
          body: `A supplier asked about “${t.title}”: ${text.length > 200 ? `${text.slice(0, 199)}…` : text}`,
          link: `/buyer/tender/${tenderId}?tab=questions`,
        });
        return q;
      });
      return toQuestion(row, caller, false, null);
    },

    /** GET /api/tender/{id}/questions: all to the owner, published and own ones to a supplier. */
    async questions(caller: Principal, tenderId: string) {
      // the tender and the questions the caller may see, in one statement
      const found = await repo.tenderWithQuestions(db, tenderId, caller.id, caller.role === 'admin');
      const t = found?.tender;
      if (!t || !canViewTender(t, caller)) throw tenderNotFound();
      const owner = t.userId === caller.id || caller.role === 'admin';
      const rows = found.questions;
      const until = t.questionDeadline ?? t.deadline;
      return {
        data: rows.map((r) => toQuestion(r.q, caller, owner, r.askerCompany)),
        meta: {
          total: rows.length,
          questionDeadline: t.questionDeadline?.toISOString() ?? null,
          open: t.status === 'active' && (!until || until.getTime() > Date.now()),
        },
      };
    },

    /** POST /api/questions/{id}/answer (the tender's buyer): privately to the asker, or published to every responder. */
    async answer(caller: Principal, id: string, text: string, publish: boolean): Promise<TenderQuestion> {
      const q = await repo.findQuestion(db, id);
      if (!q) throw new AppError('NOT_FOUND', 'Question not found');
      const t = await repo.findTender(db, q.tenderId);
      if (!t || t.userId !== caller.id) throw new AppError('NOT_FOUND', 'Question not found');
      const row = await db.transaction(async (tx) => {
        const locked = await repo.lockQuestion(tx, id);
        if (!locked) throw new AppError('NOT_FOUND', 'Question not found');
        const published = publish || locked.published;
        const next = await repo.answerQuestion(tx, id, text, published);
        await insertAuditEvent(tx, {
          tenderId: t.id,
          actorId: caller.id,
          action: 'question_answered',
          changes: {
            question: { from: null, to: locked.text },
            answer: { from: locked.answer, to: text },
            published: { from: locked.published, to: published },
          },
        });
        await notify(tx, {
          userId: locked.askerId,
          kind: 'tender_question',
          title: 'Your question was answered',
          body: `${caller.companyName} answered your question on “${t.title}”${published ? ' and published the answer to every interested supplier (without your name)' : ''}.`,
          link: supplierLink(t.id),
        });
        if (published && !locked.published) {
          for (const supplierId of await repo.interestedSupplierIds(tx, t.id)) {
            if (supplierId === locked.askerId) continue;
            await notify(tx, {
              userId: supplierId,
              kind: 'tender_question',
              title: 'A clarification was published',
              body: `${caller.companyName} published an answer to a question on “${t.title}”.`,
              link: supplierLink(t.id),
            });
          }
        }
        return next;
      });
      return toQuestion(row, caller, true, null);
    },
  };
}

function toQuestion(
  q: repo.QuestionRow,
  caller: Principal,
  owner: boolean,
  askerCompany: string | null,
): TenderQuestion {
  return {
    id: q.id,
    tenderId: q.tenderId,
    text: q.text,
    answer: q.answer,
    published: q.published,
    answeredAt: q.answeredAt?.toISOString() ?? null,
    createdAt: q.createdAt.toISOString(),
    mine: q.askerId === caller.id,
    askerCompanyName: owner ? askerCompany : null,
  };
}
