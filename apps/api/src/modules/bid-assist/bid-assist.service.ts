import {
  AppError,
  BID_ASSIST_NEXT_STATUS,
  BID_ASSIST_STATUS_LABELS,
  canViewTender,
  cleanFileName,
  tenderRequirements,
  type BidAssistDetail,
  type BidAssistListQuery,
  type bidAssistListResponseSchema,
  type bidAssistQueueResponseSchema,
  type BidAssistRequest,
  type BidAssistTarget,
  type BidAssistUsage,
  type CreateBidAssistBody,
  type ResponsePrefill,
  type TenderRequirement,
  type UpdateBidAssistBody,
} from '@brickyard/shared';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { createBidAssistBodySchema } from '@brickyard/shared';
import { createOwnerPages, createSharedListPages } from '../../db/owner-pages.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { assertSafeKey } from '../../platform/storage/storage.ts';
import { assertQuotaLeft, consumeQuota, quotaMonth, quotaUsage } from '../billing/quota.service.ts';
import { requireLiveFeed } from '../external-tenders/external-tenders.service.ts';
import { cpvLabels } from '../matching/cpv.ts';
import { notify } from '../notifications/notifications.service.ts';
import { generateBidPack, packChangesAt, type PackSupplier, type PackTender } from './bid-pack/index.ts';
import { responsePrefill } from './response-prefill.ts';
import { newRequestMail } from './bid-assist.mails.ts';
import { rank } from '../search/engine.ts';
import * as repo from './bid-assist.repository.ts';
import { polishDraft } from './llm-polish.ts';
import { bidPackPdf } from './pack-pdf.ts';

export type BidAssistService = ReturnType<typeof createBidAssistService>;
type CreateBody = z.output<typeof createBidAssistBodySchema>;

const notFound = () => new AppError('NOT_FOUND', 'Bid Assist request not found');
const fileName = (key: string) => cleanFileName(key.split('/').pop() ?? key);

function toRequest(row: repo.RequestHeadWithSupplier): BidAssistRequest {
  const r = row.request;
  const s = r.bidPack.summary;
  return {
    id: r.id,
    tender: {
      kind: r.bidPack.tender.kind,
      id: r.bidPack.tender.kind === 'tender' ? r.tenderId : r.externalTenderId,
      title: r.tenderTitle,
    },
    supplier: {
      id: r.supplierId,
      companyName: row.supplierCompany,
      name: `${row.supplierFirstName} ${row.supplierLastName}`.trim(),
      email: row.supplierEmail,
    },
    message: r.message,
    deadline: r.deadline.toISOString(),
    documents: r.documents,
    status: r.status,
    reply: r.reply,
    replyAttachment: r.replyAttachmentKey ? { key: r.replyAttachmentKey, name: fileName(r.replyAttachmentKey) } : null,
    summary: { verdict: s.verdict, score: s.score, met: s.met, partlyMet: s.partlyMet, missing: s.missing },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const toDetail = (row: repo.RequestWithSupplier): BidAssistDetail => ({
  ...toRequest(row),
  bidPack: row.request.bidPack,
});

function canSee(caller: Principal, row: repo.RequestWithSupplier): boolean {
  return caller.role === 'admin' || row.request.supplierId === caller.id;
}

const STATUS_NOTES = {
  submitted: {
    title: 'Bid Assist request received',
    body: (t: string) =>
      `We have your request for “${t}”. Your bid pack is ready to read now; our team will review it next.`,
  },
  in_review: {
    title: 'Bid Assist request in review',
    body: (t: string) => `Our team is reviewing your request for “${t}”.`,
  },
  completed: {
    title: 'Bid Assist request completed',
    body: (t: string) => `Our reply to your request for “${t}” is ready.`,
  },
} as const;

/** GET /api/bid-assist: a page as the API answers it. */
export type BidAssistHistory = z.output<typeof bidAssistListResponseSchema>;
/** GET /api/admin/bid-assist: a page of the queue as the API answers it. */
export type BidAssistQueue = z.output<typeof bidAssistQueueResponseSchema>;

export function createBidAssistService(ctx: AppContext, deps: { fetch?: typeof fetch } = {}) {
  const { db, config, mailer, storage, log } = ctx;

  async function packTenderFor(
    caller: Principal,
    body: CreateBody,
    now: Date,
  ): Promise<{
    tender: PackTender;
    tenderId: string | null;
    externalTenderId: string | null;
    /** what the buyer asks a response to answer (our tenders only) */
    stated: TenderRequirement[];
  }> {
    if (body.tenderId) {
      const found = await repo.findOurTender(db, body.tenderId);
      if (!found || found.status === 'draft' || found.status === 'cancelled' || !canViewTender(found, caller)) {
        throw new AppError('NOT_FOUND', 'Tender not found', [{ path: 'tenderId', message: 'No such tender' }]);
      }
      const t = found;
      return {
        tenderId: t.id,
        externalTenderId: null,
        stated: tenderRequirements(t),
        tender: {
          kind: 'tender',
          id: t.id,
          title: t.title,
          description: t.description,
          specifications: t.specifications,
          category: t.category,
          subcategories: t.subcategories,
          cpvCodes: [],
          cpvLabels: {},
          requiredCertifications: t.requiredCertifications,
          qualityStandards: t.qualityStandards,
          insurance: t.insurance,
          paymentTerms: t.paymentTerms,
          leadTimeDays: t.leadTimeDays,
          deadline: t.deadline,
          contractStart: null,
          valuePence: t.budgetPence,
          currency: t.currency,
          quantity: t.quantity,
          region: t.region,
          location: null,
          buyerName: found.companyName,
          reference: null,
          warrantyRequired: t.warrantyRequirement,
          open: t.status === 'active' && (!t.deadline || t.deadline > now),
        },
      };
    }
    const e = await repo.findExternalTender(db, body.externalTenderId!);
    if (!e)
      throw new AppError('NOT_FOUND', 'Tender not found', [
        { path: 'externalTenderId', message: 'No such external tender' },
      ]);
    const labels = cpvLabels();
    return {
      tenderId: null,
      externalTenderId: e.id,
      stated: [],
      tender: {
        kind: 'external',
        id: e.id,
        title: e.title,
        description: e.description,
        specifications: null,
        category: null,
        subcategories: [],
        cpvCodes: e.cpvCodes,
        cpvLabels: Object.fromEntries(e.cpvCodes.map((c) => [c, labels.get(c) ?? ''])),
        requiredCertifications: [],
        qualityStandards: [],
        insurance: null,
        paymentTerms: null,
        leadTimeDays: null,
        deadline: e.tenderEndDate,
        contractStart: e.awardStartDate,
        valuePence: e.amountMinor,
        currency: e.currency ?? 'GBP',
        quantity: null,
        region: null,
        location: e.location,
        buyerName: e.buyerName,
        reference: e.ocid,
        warrantyRequired: null,
        open: e.tenderStatus === 'active' && (!e.tenderEndDate || e.tenderEndDate > now),
      },
    };
  }

  async function packSupplierFor(caller: Principal): Promise<PackSupplier> {
    const ev = await repo.supplierEvidence(db, caller.id);
    const p = ev.profile;
    return {
      id: caller.id,
      companyName: caller.companyName,
      fulfilledDeals: ev.fulfilledDeals,
      profile: p
        ? {
            region: p.region,
            companySize: p.companySize,
            registrationNumber: p.registrationNumber,
            companyDescription: p.companyDescription,
            preferredCategories: p.preferredCategories,
            subcategories: p.subcategories,
            certifications: p.certifications,
            qualityStandards: p.qualityStandards,
            manufacturingCapacity: p.manufacturingCapacity,
            leadTimeDays: p.leadTimeDays,
            minOrderValuePence: p.minOrderValuePence,
            deliveryLocations: p.deliveryLocations,
            paymentTerms: p.paymentTerms,
            warrantyOffered: p.warrantyOffered,
            rebate: p.rebate,
            website: p.website,
            yearsInBusiness: p.yearsInBusiness,
            specialization: p.specialization,
          }
        : null,
      catalogue: ev.items.map((i) => ({
        id: i.id,
        title: i.title,
        description: i.description,
        specifications: i.specifications,
        category: i.category,
        subcategories: i.subcategories,
        valuePence: i.valuePence,
        quantity: i.quantity,
        leadTimeDays: i.leadTimeDays,
        region: i.region,
        availability: i.availability,
        paymentTerms: i.paymentTerms,
        insurance: i.insurance,
        supplierType: i.supplierType,
        warrantyRequirement: i.warrantyRequirement,
        certifications: i.certifications,
        deliveryLocations: i.deliveryLocations,
      })),
      portfolio: ev.portfolio.map((w) => ({
        title: w.title,
        valuePence: w.valuePence,
        description: w.description,
        client: w.client,
        completionDate: w.completionDate,
      })),
    };
  }

  /** The caller's own uploads, each checked: a key that is not theirs (or not uploaded yet) is a 400. */
  async function ownDocuments(caller: Principal, keys: string[]): Promise<Array<{ key: string; name: string }>> {
    const unique = [...new Set(keys)];
    for (const k of unique) {
      try {
        assertSafeKey(k);
      } catch {
        throw new AppError('VALIDATION_FAILED', 'Invalid document', [
          { path: 'documents', message: `Not a valid upload key: ${k.slice(0, 80)}` },
        ]);
      }
    }
    const rows = await repo.ownFiles(db, caller.id, unique);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const out: Array<{ key: string; name: string }> = [];
    for (const k of unique) {
      const f = byKey.get(k);
      if (!f)
        throw new AppError('VALIDATION_FAILED', 'Documents must be your own uploads', [
          { path: 'documents', message: `Not one of your uploads: ${fileName(k)}` },
        ]);
      if (f.status !== 'ready' && !(await storage.head(k))) {
        throw new AppError('VALIDATION_FAILED', 'A document has not finished uploading', [
          { path: 'documents', message: `Still uploading: ${f.fileName}` },
        ]);
      }
      out.push({ key: k, name: f.fileName });
    }
    return out;
  }

  /**
   * Response prefills kept per supplier and tender, with the state they were made at: up to about
   * 32 MB of answers per instance (a prefill's covering note is most of it), least recently used
   * out first.
   */
  const keptPrefills = new LRUCache<string, { stamp: string; until: number | null; answer: ResponsePrefill }>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (k) =>
      1_000 +
      2 *
        (k.stamp.length + (k.answer.body.note?.length ?? 0) + JSON.stringify(k.answer.body.requirementAnswers).length) +
      300 * k.answer.body.lines.length,
  });

  const usageOf = async (caller: Principal, now?: Date): Promise<BidAssistUsage> =>
    quotaUsage(db, { userId: caller.id, plan: caller.plan, kind: 'bid_assist', now });
  // A supplier's history, kept while their requests and usage are unchanged (db/owner-pages.ts).
  const historyPages = createOwnerPages<BidAssistHistory>('bid_assist');
  const detailPages = createOwnerPages<BidAssistDetail>('bid_assist', { maxRows: 1_000 });
  const queuePages = createSharedListPages<BidAssistQueue>(['bid_assist_requests'], { maxRows: 10_000 });

  return {
    /**
     * GET /api/tender/{id}/responses/prefill: a draft response from the bid pack of the tender
     * and the caller's catalogue and profile (nothing is stored and no Bid Assist request is used).
     */
    async responsePrefill(caller: Principal, tenderId: string, now = new Date()): Promise<ResponsePrefill> {
      // Kept per supplier and tender while what it reads stands (one statement tells): making the
      // bid pack of a supplier with hundreds of items took 11 ms of CPU on every visit of the form.
      const state = await repo.prefillState(db, tenderId, caller.id);
      if (!state || state.status === 'draft' || state.status === 'cancelled' || !canViewTender(state, caller))
        throw new AppError('NOT_FOUND', 'Tender not found', [{ path: 'tenderId', message: 'No such tender' }]);
      const key = `${caller.id}|${tenderId}`;
      const stamp = `${state.version}|${caller.companyName}`;
      const kept = keptPrefills.get(key);
      if (kept && kept.stamp === stamp && (kept.until === null || now.getTime() < kept.until)) return kept.answer;
      const [{ tender, stated }, supplier] = await Promise.all([
        packTenderFor(caller, { tenderId, message: '', deadline: now.toISOString(), documents: [] }, now),
        packSupplierFor(caller),
      ]);
      const pack = generateBidPack({ tender, supplier, helpBy: null, now });
      const answer: ResponsePrefill = {
        body: responsePrefill(tender, supplier, pack, stated),
        summary: { verdict: pack.summary.verdict, score: pack.summary.score, reasons: pack.summary.reasons },
      };
      // (read after the state: a write in between shows here and has moved the state past `stamp`)
      keptPrefills.set(key, { stamp, until: packChangesAt(tender.deadline, now), answer });
      return answer;
    },

    /** POST /api/bid-assist */
    async create(
      caller: Principal,
      body: CreateBody,
      now = new Date(),
    ): Promise<{ data: BidAssistDetail; meta: { usage: BidAssistUsage } }> {
      // A tender of the live feed is feed data (its pack quotes it): the feed's plan rule applies.
      if (body.externalTenderId) requireLiveFeed(caller);
      const deadline = new Date(body.deadline);
      if (!(deadline.getTime() > now.getTime())) {
        throw new AppError('VALIDATION_FAILED', 'The deadline must be in the future', [
          { path: 'deadline', message: 'Choose a date in the future' },
        ]);
      }
      // A friendly early answer before any work; the unit itself is taken in the transaction below.
      await assertQuotaLeft(db, { userId: caller.id, plan: caller.plan, kind: 'bid_assist', now });
      const [{ tender, tenderId, externalTenderId }, supplier, documents] = await Promise.all([
        packTenderFor(caller, body, now),
        packSupplierFor(caller),
        ownDocuments(caller, body.documents ?? []),
      ]);
      const pack = generateBidPack({ tender, supplier, helpBy: deadline, now });
      if (config.llm) {
        pack.polishedDraft = await polishDraft(config.llm, pack, {
          fetch: deps.fetch,
          onError: (err) => log.warn({ err }, 'bid assist: LLM polish failed; the generated draft stands'),
        });
      }
      const supportMail = {
        to: config.supportEmail,
        ...(await newRequestMail(
          { name: caller.name, email: caller.email, companyName: caller.companyName, plan: caller.plan },
          { tenderTitle: tender.title, message: body.message, deadline, documents: documents.length, pack },
          `${config.publicUrl}/admin/dashboard#bid-assist`,
        )),
      };
      // The support mailbox's mail is a job written with the request (the outbox): a mail outage
      // delays it without failing the request, and a request that rolled back mails nobody.
      const { row, usage, deliver } = await db.transaction(async (tx) => {
        const use = await consumeQuota(tx, { userId: caller.id, plan: caller.plan, kind: 'bid_assist', now });
        const inserted = await repo.insertRequest(tx, {
          supplierId: caller.id,
          tenderId,
          externalTenderId,
          tenderTitle: tender.title,
          message: body.message,
          deadline,
          documents,
          bidPack: pack,
        });
        await notify(tx, {
          userId: caller.id,
          kind: 'bid_assist_status',
          title: STATUS_NOTES.submitted.title,
          body: STATUS_NOTES.submitted.body(tender.title),
          link: `/supplier/bid-assist?request=${inserted.id}`,
        });
        return { row: inserted, usage: use, deliver: await mailer.queue(tx, supportMail) };
      });
      await deliver();
      const detail = toDetail({
        request: row,
        supplierCompany: caller.companyName,
        supplierFirstName: caller.name,
        supplierLastName: '',
        supplierEmail: caller.email,
      });
      return { data: detail, meta: { usage } };
    },

    /** GET /api/bid-assist: the caller's own history, newest first, with this month's usage. */
    async history(caller: Principal, q: BidAssistListQuery): Promise<BidAssistHistory> {
      // Kept per supplier, plan, month (the usage shown) and page while their requests and usage
      // are unchanged (db/owner-pages.ts).
      const now = new Date();
      const pageKey = `${caller.plan ?? ''} ${quotaMonth(now)} ${q.status ?? ''} ${q.page} ${q.pageSize}`;
      return historyPages.answer(db, caller.id, pageKey, async () => {
        const [{ rows, total }, usage] = await Promise.all([
          repo.listRequests(db, { supplierId: caller.id, status: q.status }, q.page, q.pageSize),
          usageOf(caller, now),
        ]);
        return { data: rows.map(toRequest), meta: { page: q.page, pageSize: q.pageSize, total, usage } };
      });
    },

    /** GET /api/bid-assist/{id}: the owner or an admin. */
    async get(caller: Principal, id: string): Promise<BidAssistDetail> {
      const read = async () => {
        const row = await repo.findRequest(db, id);
        if (!row || !canSee(caller, row)) throw notFound();
        return toDetail(row);
      };
      // A supplier's own request is kept under their Bid Assist version (a request never changes
      // owner, so a kept one was theirs when read); an admin reads it each time.
      return caller.role === 'supplier' ? detailPages.answer(db, caller.id, id, read) : read();
    },

    /** GET /api/bid-assist/{id}/pack.pdf */
    async pdf(caller: Principal, id: string): Promise<{ body: Buffer; fileName: string }> {
      const row = await repo.findRequest(db, id);
      if (!row || !canSee(caller, row)) throw notFound();
      const slug =
        row.request.tenderTitle
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60) || 'tender';
      return {
        body: await bidPackPdf(row.request.bidPack, { requestId: id, supportEmail: config.supportEmail }),
        fileName: `bid-pack-${slug}.pdf`,
      };
    },

    /** GET /api/bid-assist/{id}/file?key: a signed link to one of the request's documents or the reply attachment. */
    async fileLink(caller: Principal, id: string, key: string): Promise<{ downloadURL: string; expiresAt: string }> {
      const row = await repo.findRequest(db, id);
      if (!row || !canSee(caller, row)) throw notFound();
      const r = row.request;
      const known = r.documents.some((d) => d.key === key) || r.replyAttachmentKey === key;
      if (!known || !(await storage.head(key))) throw new AppError('NOT_FOUND', 'File not found');
      const signed = await storage.presignDownload(key, {
        expiresInSeconds: config.storageUrlTtlSeconds,
        fileName: fileName(key),
      });
      return { downloadURL: signed.url, expiresAt: signed.expiresAt.toISOString() };
    },

    /** GET /api/bid-assist/targets: tenders the form can pick (ours open for responses, or the live feed). */
    async targets(caller: Principal, q: { q?: string; kind: 'tender' | 'external' }): Promise<BidAssistTarget[]> {
      const text = q.q?.trim() || undefined;
      if (q.kind === 'tender') {
        const ranked = text
          ? (
              await rank(db, { source: 'tenders', text, where: repo.pickableTendersSql, limit: 20, typing: true })
            ).hits.map((h) => h.id)
          : undefined;
        const rows = await repo.searchOurTenders(db, ranked, 20);
        return rows.map((r) => ({
          kind: 'tender',
          id: r.id,
          title: r.title,
          buyerName: r.buyerName,
          closesAt: r.closesAt?.toISOString() ?? null,
          isOpen: true,
          valueMinor: r.valueMinor,
          currency: r.currency,
        }));
      }
      requireLiveFeed(caller);
      const ranked = text
        ? (await rank(db, { source: 'external', text, limit: 20, typing: true })).hits.map((h) => h.id)
        : undefined;
      const rows = await repo.searchExternal(db, ranked, 20);
      return rows.map((r) => ({
        kind: 'external',
        id: r.id,
        title: r.title,
        buyerName: r.buyerName,
        closesAt: r.closesAt?.toISOString() ?? null,
        isOpen: r.isOpen,
        valueMinor: r.valueMinor,
        currency: r.currency ?? 'GBP',
      }));
    },

    /** GET /api/admin/bid-assist: the support team's queue, open requests first (oldest first). */
    async queue(q: BidAssistListQuery): Promise<BidAssistQueue> {
      // Kept per filter and page while no request and no supplier's name has changed (db/owner-pages.ts).
      return queuePages.answer(db, `${q.status ?? ''} ${q.page} ${q.pageSize}`, async () => {
        const [rows, counts] = await Promise.all([
          repo.queuePage(db, q.status, q.page, q.pageSize),
          repo.statusCounts(db),
        ]);
        const total = q.status ? counts[q.status] : counts.submitted + counts.in_review + counts.completed;
        return { data: rows.map(toRequest), meta: { page: q.page, pageSize: q.pageSize, total, counts } };
      });
    },

    /** PUT /api/admin/bid-assist/{id}: submitted → in_review → completed only (409 otherwise); the supplier is notified. */
    async update(admin: Principal, id: string, body: UpdateBidAssistBody): Promise<BidAssistRequest> {
      const row = await repo.findRequest(db, id);
      if (!row) throw notFound();
      const from = row.request.status;
      const next = BID_ASSIST_NEXT_STATUS[from];
      if (body.status !== next) {
        throw new AppError(
          'INVALID_STATE',
          next
            ? `A ${BID_ASSIST_STATUS_LABELS[from].toLowerCase()} request can only move to ${BID_ASSIST_STATUS_LABELS[next].toLowerCase()}`
            : 'This request is completed and can no longer change',
        );
      }
      const reply = body.reply === undefined ? undefined : body.reply?.trim() || null;
      if (body.status === 'completed' && !(reply ?? row.request.reply)) {
        throw new AppError('VALIDATION_FAILED', 'A reply is required to complete a request', [
          { path: 'reply', message: 'Write a reply to the supplier' },
        ]);
      }
      let attachment: string | null | undefined;
      if (body.replyAttachmentKey !== undefined) {
        attachment = body.replyAttachmentKey;
        if (attachment) {
          try {
            assertSafeKey(attachment);
          } catch {
            throw new AppError('VALIDATION_FAILED', 'Invalid attachment', [
              { path: 'replyAttachmentKey', message: 'Not a valid upload key' },
            ]);
          }
          const own = await repo.ownFiles(db, admin.id, [attachment]);
          const mine = own.length > 0 || attachment.startsWith(`${admin.id}/`);
          if (!mine || !(await storage.head(attachment))) {
            throw new AppError('VALIDATION_FAILED', 'The attachment must be one of your uploads', [
              { path: 'replyAttachmentKey', message: 'Upload the file first' },
            ]);
          }
        }
      }
      const updated = await db.transaction(async (tx) => {
        const moved = await repo.moveRequest(tx, id, from, {
          status: body.status,
          reply,
          replyAttachmentKey: attachment,
          handledBy: admin.id,
        });
        if (!moved) throw new AppError('INVALID_STATE', 'This request was changed by someone else; reload it');
        const note = STATUS_NOTES[moved.status];
        await notify(tx, {
          userId: moved.supplierId,
          kind: 'bid_assist_status',
          title: note.title,
          body: note.body(moved.tenderTitle),
          link: `/supplier/bid-assist?request=${moved.id}`,
        });
        return moved;
      });
      return toRequest({ ...row, request: updated });
    },
  };
}

export type { CreateBidAssistBody };
