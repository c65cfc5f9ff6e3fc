import {
  AppError,
  COMPLETABLE_STATUSES,
  FINAL_TENDER_STATUSES,
  OPEN_TENDER_STATUSES,
  SUPPLIER_VISIBLE_STATUSES,
  TENDER_STATUSES,
  auditIds,
  auditLines,
  canTransition,
  canViewTender,
  type AuditEvent,
  type CreateTenderBody,
  type PageMeta,
  type Tender,
  type TenderListQuery,
  type TenderStats,
  type TenderStatus,
  type UpdateTenderBody,
} from '@brickyard/shared';
import { createExactCounts, readListState } from '../../db/exact-counts.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { auditCsv, auditPdf } from '../audit/audit.export.ts';
import { insertAuditEvent, listAuditEvents, namesForAuditIds, type AuditChanges } from '../audit/audit.service.ts';
import { sealResponseEvents, tenderResponsesAudit } from '../responses/responses.audit.ts';
import { cancelContractsForTender, fulfilContractsForTender } from '../deals/deals.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { queueMatching, wakeMatching } from '../matching/matching.queue.ts';
import { diffFields, effectiveSubcategories, listingColumnsFrom, listingToWire, queryPence } from './listing.ts';
import { SEARCH_DEPTH, rank } from '../search/engine.ts';
import * as repo from './tenders.repository.ts';
import type { TenderFilter, TenderRow, TenderWithCompany } from './tenders.repository.ts';

export type TendersService = ReturnType<typeof createTendersService>;

const CONTENT_FIELDS = [
  'title',
  'description',
  'specifications',
  'category',
  'subcategories',
  'valuePence',
  'quantity',
  'budgetPence',
  'leadTime',
  'region',
  'availability',
  'paymentTerms',
  'insurance',
  'supplierType',
  'warrantyRequirement',
  'rebate',
  'deadline',
  'requiredCertifications',
  'qualityStandards',
  'responseMode',
  'questionDeadline',
] as const;
const FILE_FIELDS = ['attachments', 'supportingDocumentIds'] as const;

export function toTender(row: TenderRow, companyName: string): Tender {
  return {
    ...listingToWire(row, companyName),
    status: row.status,
    deadline: row.deadline ? row.deadline.toISOString() : null,
    requiredCertifications: row.requiredCertifications,
    qualityStandards: row.qualityStandards,
    responseMode: row.responseMode,
    questionDeadline: row.questionDeadline ? row.questionDeadline.toISOString() : null,
    awardedSupplierId: row.awardedSupplierId,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Tender not found');

function requireFutureDeadline(deadline: Date | null) {
  if (!deadline || deadline.getTime() <= Date.now()) {
    throw new AppError('VALIDATION_FAILED', 'Set a closing deadline in the future to publish this tender', [
      { path: 'deadline', message: 'Choose a date in the future' },
    ]);
  }
}

export interface TenderPage {
  data: Tender[];
  meta: PageMeta;
}

/**
 * Tenders (docs/product.md sections 3, 4 and 7): who may see and change them, the status lifecycle,
 * the files they list, and the audit trail written in the same transaction as each change.
 */
export function createTendersService(ctx: AppContext, uploads: UploadsService) {
  const { db } = ctx;
  const counts = createExactCounts();

  async function page(filter: TenderFilter, q: TenderListQuery): Promise<TenderPage> {
    const f: TenderFilter = {
      ...filter,
      category: q.category,
      subcategory: q.subcategory,
      region: q.region,
      availability: q.availability,
      minBudgetPence: queryPence(q.minBudget),
      maxBudgetPence: queryPence(q.maxBudget),
      closingBefore: q.closingBefore ? new Date(`${q.closingBefore}T23:59:59.999Z`) : undefined,
    };
    if (q.status) {
      const allowed = filter.statuses ?? TENDER_STATUSES;
      f.statuses = q.status.filter((s) => allowed.includes(s));
    }
    // words: the search engine ranks the tenders the filters let through; pages and sorts cut its results
    if (q.q)
      f.ids = (
        await rank(db, { source: 'tenders', text: q.q, where: repo.filterSql(f), limit: SEARCH_DEPTH, typing: true })
      ).hits.map((h) => h.id);
    const sort = q.sort ?? (q.q ? 'relevance' : 'newest');
    // meta.total stays an exact count, kept per filter while the tenders' version stands and (open
    // tenders) no counted deadline has passed, and so does the page as answered (its filter says
    // whose tenders, and a tender reads the same to everyone who may see it); a word search's
    // filter is its results: read each time.
    const { data, total } = await counts.answer(
      { filter: f, page: q.page, pageSize: q.pageSize, sort },
      {
        page: () => repo.listTenders(db, f, { page: q.page, pageSize: q.pageSize, sort }),
        count: () => repo.countTenders(db, f),
        state: () => readListState(db, 'tenders'),
      },
      (rows) => rows.map((r) => toTender(r, r.companyName)),
    );
    return { data, meta: { page: q.page, pageSize: q.pageSize, total } };
  }

  /** The tender if the caller may read it, else 404 (docs/design.md section 3). */
  async function visible(caller: Principal, id: string): Promise<TenderWithCompany> {
    const row = await repo.findTender(db, id);
    if (!row || !canViewTender(row, caller)) throw notFound();
    return row;
  }

  /** The tender if the caller owns it, else 404. */
  async function owned(caller: Principal, id: string): Promise<TenderWithCompany> {
    const row = await repo.findTender(db, id);
    if (!row || row.userId !== caller.id) throw notFound();
    return row;
  }

  return {
    async create(caller: Principal, body: CreateTenderBody): Promise<Tender> {
      const deadline = body.deadline ? new Date(body.deadline) : null;
      if (body.status === 'active') requireFutureDeadline(deadline);
      const refs = await uploads.prepareRefs(
        caller.id,
        { type: 'tender', id: null },
        {
          attachments: body.attachments ?? [],
          supportingDocumentIds: body.supportingDocumentIds ?? [],
        },
      );
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertTender(tx, {
          ...listingColumnsFrom(body),
          title: body.title,
          description: body.description,
          category: body.category,
          userId: caller.id,
          status: body.status,
          deadline,
          requiredCertifications: body.requiredCertifications ?? [],
          qualityStandards: body.qualityStandards ?? [],
          responseMode: body.responseMode ?? 'sealed',
          questionDeadline: body.questionDeadline ? new Date(body.questionDeadline) : null,
          attachments: refs.attachments,
          supportingDocumentIds: refs.supportingDocumentIds,
          publishedAt: body.status === 'active' ? new Date() : null,
        });
        await uploads.syncLinks(tx, 'tender', created.id, refs.keys, []);
        const wire = toTender(created, caller.companyName);
        const changes: AuditChanges = {};
        for (const f of [...CONTENT_FIELDS, 'status', ...FILE_FIELDS] as const) {
          const v = wire[f];
          if (v !== null && !(Array.isArray(v) && v.length === 0)) changes[f] = { from: null, to: v };
        }
        await insertAuditEvent(tx, { tenderId: created.id, actorId: caller.id, action: 'created', changes });
        await queueMatching(ctx, tx, 'tender', created.id);
        return created;
      });
      wakeMatching(ctx);
      return toTender(row, caller.companyName);
    },

    async get(caller: Principal, id: string): Promise<Tender> {
      const row = await visible(caller, id);
      return toTender(row, row.companyName);
    },

    async update(caller: Principal, id: string, body: UpdateTenderBody): Promise<Tender> {
      const current = await owned(caller, id);
      const touchesFiles = body.attachments !== undefined || body.supportingDocumentIds !== undefined;
      const refs = touchesFiles
        ? await uploads.prepareRefs(
            caller.id,
            { type: 'tender', id },
            {
              attachments: body.attachments ?? current.attachments,
              supportingDocumentIds: body.supportingDocumentIds ?? current.supportingDocumentIds,
            },
          )
        : null;
      let dropped: string[] = [];
      const updated = await db.transaction(async (tx) => {
        const locked = await repo.lockTender(tx, id);
        if (!locked || locked.userId !== caller.id) throw notFound();
        const from = locked.status;
        const to: TenderStatus = body.status ?? from;
        if (FINAL_TENDER_STATUSES.includes(from)) {
          throw new AppError('INVALID_STATE', `A ${from} tender can no longer be changed`);
        }
        if (!canTransition(from, to)) {
          throw new AppError('INVALID_STATE', `A ${from} tender cannot become ${to}`, [
            {
              path: 'status',
              message: `Allowed from ${from}: ${['draft', 'active', 'pending', 'closed'].includes(from) ? 'see the tender lifecycle' : 'none'}`,
            },
          ]);
        }
        // Opening a sealed tender after publication would let the buyer read bids before the deadline.
        if (body.responseMode === 'open' && locked.responseMode === 'sealed' && locked.publishedAt) {
          throw new AppError(
            'INVALID_STATE',
            'A published sealed tender cannot be made open: its responses stay sealed until the deadline',
            [{ path: 'responseMode', message: 'Sealed once published' }],
          );
        }
        const category = body.category ?? locked.category;
        const subcategories = effectiveSubcategories(
          category,
          body.subcategories,
          locked.subcategories,
          category !== locked.category,
        );
        const deadline =
          body.deadline === undefined ? locked.deadline : body.deadline === null ? null : new Date(body.deadline);
        if ((to === 'active' && from !== 'active') || (to === 'active' && body.deadline !== undefined))
          requireFutureDeadline(deadline);

        const next = await repo.updateTender(tx, id, {
          ...listingColumnsFrom(body),
          ...(subcategories ? { subcategories } : {}),
          ...(body.deadline !== undefined ? { deadline } : {}),
          ...(body.requiredCertifications ? { requiredCertifications: body.requiredCertifications } : {}),
          ...(body.qualityStandards ? { qualityStandards: body.qualityStandards } : {}),
          ...(body.responseMode ? { responseMode: body.responseMode } : {}),
          ...(body.questionDeadline !== undefined
            ? { questionDeadline: body.questionDeadline ? new Date(body.questionDeadline) : null }
            : {}),
          ...(refs ? { attachments: refs.attachments, supportingDocumentIds: refs.supportingDocumentIds } : {}),
          ...(to !== from ? { status: to } : {}),
          ...(to === 'active' && !locked.publishedAt ? { publishedAt: new Date() } : {}),
          ...(to === 'fulfilled' ? { completedAt: new Date() } : {}),
        });
        const before = toTender(locked, current.companyName);
        const after = toTender(next, current.companyName);
        const content = diffFields(before, after, CONTENT_FIELDS);
        const files = diffFields(before, after, FILE_FIELDS);
        if (Object.keys(content).length)
          await insertAuditEvent(tx, { tenderId: id, actorId: caller.id, action: 'updated', changes: content });
        if (Object.keys(files).length)
          await insertAuditEvent(tx, { tenderId: id, actorId: caller.id, action: 'files_changed', changes: files });
        if (to !== from) {
          // A deal follows its tender: fulfilled with it, withdrawn when the buyer reopens,
          // closes or cancels it.
          if (to === 'fulfilled') await fulfilContractsForTender(tx, id);
          else if (['active', 'closed', 'cancelled', 'draft'].includes(to)) await cancelContractsForTender(tx, id);
          await insertAuditEvent(tx, {
            tenderId: id,
            actorId: caller.id,
            action: to === 'fulfilled' ? 'completed' : 'status_changed',
            changes: { status: { from, to } },
          });
        }
        if (refs) {
          dropped = await uploads.syncLinks(tx, 'tender', id, refs.keys, uploads.keysOf(locked));
        }
        await queueMatching(ctx, tx, 'tender', id);
        return next;
      });
      await uploads.removeStored(dropped);
      wakeMatching(ctx);
      return toTender(updated, current.companyName);
    },

    async remove(caller: Principal, id: string): Promise<void> {
      await owned(caller, id);
      const keys = await db.transaction(async (tx) => {
        const locked = await repo.lockTender(tx, id);
        if (!locked || locked.userId !== caller.id) throw notFound();
        const linked = await uploads.unlinkAll(tx, 'tender', id);
        await cancelContractsForTender(tx, id, 'The buyer deleted the tender');
        await repo.deleteTender(tx, id);
        await insertAuditEvent(tx, {
          tenderId: id,
          actorId: caller.id,
          action: 'deleted',
          changes: { title: { from: locked.title, to: null }, status: { from: locked.status, to: null } },
        });
        return linked;
      });
      await uploads.removeStored(keys);
    },

    /** POST /api/tender/{id}/complete: active or pending → fulfilled. */
    async complete(caller: Principal, id: string): Promise<Tender> {
      const current = await owned(caller, id);
      const row = await db.transaction(async (tx) => {
        const locked = await repo.lockTender(tx, id);
        if (!locked || locked.userId !== caller.id) throw notFound();
        if (!COMPLETABLE_STATUSES.includes(locked.status)) {
          throw new AppError(
            'INVALID_STATE',
            `Only an active or pending tender can be completed; this one is ${locked.status}`,
          );
        }
        const next = await repo.updateTender(tx, id, { status: 'fulfilled', completedAt: new Date() });
        await fulfilContractsForTender(tx, id);
        await insertAuditEvent(tx, {
          tenderId: id,
          actorId: caller.id,
          action: 'completed',
          changes: { status: { from: locked.status, to: 'fulfilled' } },
        });
        return next;
      });
      return toTender(row, current.companyName);
    },

    /**
     * Awards a tender to a supplier (status pending). Not exposed as a call here: the contracts
     * issue calls it when a contract is agreed.
     */
    async award(actorId: string, id: string, supplierId: string): Promise<Tender> {
      const row = await db.transaction(async (tx) => {
        const locked = await repo.lockTender(tx, id);
        if (!locked) throw notFound();
        if (!canTransition(locked.status, 'pending'))
          throw new AppError('INVALID_STATE', `A ${locked.status} tender cannot be awarded`);
        const next = await repo.updateTender(tx, id, { status: 'pending', awardedSupplierId: supplierId });
        await insertAuditEvent(tx, {
          tenderId: id,
          actorId,
          action: 'awarded',
          changes: {
            awardedSupplierId: { from: locked.awardedSupplierId, to: supplierId },
            status: { from: locked.status, to: 'pending' },
          },
        });
        return next;
      });
      const full = await repo.findTender(db, row.id);
      return toTender(row, full?.companyName ?? '');
    },

    /** GET /api/tender: what the caller works with — a buyer's own, the open ones for a supplier, all for an admin. */
    list(caller: Principal, q: TenderListQuery): Promise<TenderPage> {
      if (caller.role === 'buyer') return page({ ownerId: caller.id }, q);
      if (caller.role === 'supplier') return page({ statuses: ['active'], openForResponses: true }, q);
      return page({}, q);
    },

    /** GET /api/tender/user/{id} (and active-pending): all to the owner, the public record to suppliers. */
    listByUser(
      caller: Principal,
      userId: string,
      q: TenderListQuery,
      opts: { activePending?: boolean } = {},
    ): Promise<TenderPage> {
      let statuses: readonly TenderStatus[] | undefined;
      if (caller.id === userId || caller.role === 'admin') statuses = undefined;
      else if (caller.role === 'supplier') statuses = SUPPLIER_VISIBLE_STATUSES;
      else statuses = [];
      if (opts.activePending) statuses = (statuses ?? TENDER_STATUSES).filter((s) => s === 'active' || s === 'pending');
      return page({ ownerId: userId, statuses }, q);
    },

    buyerTenders: (caller: Principal, q: TenderListQuery) => page({ ownerId: caller.id }, q),
    supplierTenders: (_caller: Principal, q: TenderListQuery) =>
      page({ statuses: ['active'], openForResponses: true }, q),
    supplierFulfilledTenders: (caller: Principal, q: TenderListQuery) =>
      page({ awardedTo: caller.id, statuses: ['fulfilled'] }, q),
    supplierFulfilledAndPendingTenders: (caller: Principal, q: TenderListQuery) =>
      page({ awardedTo: caller.id, statuses: ['fulfilled', 'pending'] }, q),

    /** GET /api/tender/stats/{id}: the owner's (or an admin's) view. */
    async stats(caller: Principal, userId: string): Promise<TenderStats> {
      if (caller.id !== userId && caller.role !== 'admin') throw new AppError('NOT_FOUND', 'Not found');
      const rows = await repo.tenderStats(db, userId);
      const byStatus = Object.fromEntries(TENDER_STATUSES.map((s) => [s, 0])) as Record<TenderStatus, number>;
      let open = 0;
      let fulfilled = 0;
      let closingSoon = 0;
      for (const r of rows) {
        byStatus[r.status] = r.n;
        if (OPEN_TENDER_STATUSES.includes(r.status)) open += Number(r.budget);
        if (r.status === 'fulfilled') fulfilled += Number(r.budget);
        closingSoon += Number(r.closingSoon);
      }
      return {
        total: rows.reduce((a, r) => a + r.n, 0),
        byStatus,
        openBudgetPence: open,
        openBudget: open / 100,
        fulfilledBudgetPence: fulfilled,
        fulfilledBudget: fulfilled / 100,
        closingWithin7Days: closingSoon,
        currency: 'GBP',
      };
    },

    /** GET /api/tender/{id}/audit: the owner's export, as PDF (default), CSV or JSON. */
    async auditExport(caller: Principal, id: string, fmt: 'pdf' | 'csv' | 'json') {
      const row = await repo.findTender(db, id);
      if (!row || (row.userId !== caller.id && caller.role !== 'admin')) throw notFound();
      const tender = toTender(row, row.companyName);
      const record = await tenderResponsesAudit(db, row);
      const rows = await listAuditEvents(db, id);
      const names = await namesForAuditIds(db, [...new Set(rows.flatMap((e) => auditIds(e.changes)))]);
      const logged: AuditEvent[] = rows.map((e) => ({
        id: e.id,
        tenderId: e.tenderId,
        action: e.action,
        actor: {
          id: e.actorId,
          name: e.actorName ?? (e.actorId ? 'Unknown user' : 'Brickyard'),
          companyName: e.actorCompany ?? null,
        },
        changes: e.changes,
        lines: [],
        createdAt: e.createdAt.toISOString(),
      }));
      // Sealed first, so a sealed response's total reaches neither the changes nor their lines.
      const events = sealResponseEvents(logged, record.sealed).map((e) => ({
        ...e,
        lines: auditLines(e.changes, names),
      }));
      const base = `tender-${id.slice(0, 8)}-audit`;
      if (fmt === 'json') {
        return {
          contentType: 'application/json; charset=utf-8',
          fileName: `${base}.json`,
          body: JSON.stringify({ data: { tender, events, responses: record } }, null, 2),
        };
      }
      if (fmt === 'csv')
        return { contentType: 'text/csv; charset=utf-8', fileName: `${base}.csv`, body: auditCsv(events) };
      return { contentType: 'application/pdf', fileName: `${base}.pdf`, body: await auditPdf(tender, events, record) };
    },
  };
}
