import {
  AppError,
  CONTRACT_STATUSES,
  CONTRACT_STEPS,
  allowedContractActions,
  canViewTender,
  type Contract,
  type ContractActionBody,
  type ContractListQuery,
  type ContractSide,
  type ContractTotals,
  type PageMeta,
  type contractPageSchema,
  type createContractBodySchema,
} from '@brickyard/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { createOwnerPages } from '../../db/owner-pages.ts';
import type { Principal } from '../../platform/auth/guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { insertAuditEvent } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './deals.repository.ts';
import { findUserById } from '../users/users.service.ts';

export type DealsService = ReturnType<typeof createDealsService>;

const notFound = () => new AppError('NOT_FOUND', 'Contract not found');
const money = (pence: number) => pence / 100;
const gbp = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const dealsLink = (side: ContractSide) => (side === 'buyer' ? '/buyer/deals' : '/supplier/deals');

function sideOf(c: { buyerId: string; supplierId: string }, userId: string): ContractSide | null {
  if (c.buyerId === userId) return 'buyer';
  if (c.supplierId === userId) return 'supplier';
  return null;
}

export function toContract(f: repo.FullContract, viewerId: string): Contract {
  const c = f.c;
  const buyer = {
    id: c.buyerId,
    name: `${f.buyerFirst} ${f.buyerLast}`.trim(),
    companyName: f.buyerCompany,
    deleted: f.buyerDeleted,
  };
  const supplier = {
    id: c.supplierId,
    name: `${f.supplierFirst} ${f.supplierLast}`.trim(),
    companyName: f.supplierCompany,
    deleted: f.supplierDeleted,
  };
  const side = sideOf(c, viewerId);
  return {
    id: c.id,
    tenderId: c.tenderId,
    tenderTitle: c.tenderTitle,
    catalogueItemId: c.catalogueItemId,
    catalogueItemTitle: c.catalogueItemTitle,
    buyer,
    supplier,
    side,
    counterparty: side === 'buyer' ? supplier : side === 'supplier' ? buyer : null,
    value: money(c.valuePence),
    valuePence: c.valuePence,
    currency: c.currency,
    terms: c.terms,
    status: c.status,
    note: c.note,
    allowedActions: allowedContractActions(c.status, side),
    canReview: c.status === 'fulfilled' && side !== null && !f.reviewed,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    respondedAt: c.respondedAt?.toISOString() ?? null,
    fulfilledAt: c.fulfilledAt?.toISOString() ?? null,
    cancelledAt: c.cancelledAt?.toISOString() ?? null,
  };
}

/**
 * In the caller's transaction: the tender awarded by this contract goes back to active and
 * loses its awarded supplier (a declined, cancelled or deleted proposal), with an audit event.
 */
async function releaseTender(tx: DbOrTx, c: repo.ContractRow, actorId: string | null): Promise<void> {
  if (!c.tenderId) return;
  const t = await repo.lockTender(tx, c.tenderId);
  if (!t || t.status !== 'pending' || t.awardedSupplierId !== c.supplierId) return;
  await repo.setTenderAward(tx, t.id, { status: 'active', awardedSupplierId: null });
  await insertAuditEvent(tx, {
    tenderId: t.id,
    actorId,
    action: 'status_changed',
    changes: { status: { from: 'pending', to: 'active' }, awardedSupplierId: { from: c.supplierId, to: null } },
  });
}

/**
 * For POST /api/tender/{id}/complete (tenders service), inside its transaction after the tender
 * row is locked and marked fulfilled: the tender's active contract becomes fulfilled (both
 * sides are told and invited to review); a contract still only proposed is cancelled, as the
 * work was done without it. Answers the number of contracts fulfilled.
 */
export async function fulfilContractsForTender(tx: DbOrTx, tenderId: string): Promise<number> {
  const open = await repo.lockOpenForTender(tx, tenderId);
  let fulfilled = 0;
  for (const c of open) {
    if (c.status === 'active') {
      await repo.updateContract(tx, c.id, { status: 'fulfilled', fulfilledAt: new Date() });
      fulfilled++;
      for (const [userId, side] of [
        [c.buyerId, 'buyer'],
        [c.supplierId, 'supplier'],
      ] as const) {
        await notify(tx, {
          userId,
          kind: 'contract_fulfilled',
          title: 'Contract fulfilled',
          body: `“${c.tenderTitle}” is complete. Leave a review of how it went.`,
          link: dealsLink(side),
        });
      }
    } else {
      await repo.updateContract(tx, c.id, {
        status: 'cancelled',
        cancelledAt: new Date(),
        note: 'The tender was completed before this proposal was accepted',
      });
      await notify(tx, {
        userId: c.supplierId,
        kind: 'contract_cancelled',
        title: 'Contract proposal withdrawn',
        body: `The buyer completed “${c.tenderTitle}”, so the proposal to you was withdrawn.`,
        link: dealsLink('supplier'),
      });
    }
  }
  return fulfilled;
}

/**
 * For the tenders service, inside its transaction with the tender row locked, when a tender is
 * cancelled, closed or deleted by its buyer: its open contracts are cancelled and the supplier
 * told. (The tender's own status is the caller's business.) Answers the number cancelled.
 */
export async function cancelContractsForTender(
  tx: DbOrTx,
  tenderId: string,
  reason = 'The buyer withdrew the tender',
): Promise<number> {
  const open = await repo.lockOpenForTender(tx, tenderId);
  for (const c of open) {
    await repo.updateContract(tx, c.id, { status: 'cancelled', cancelledAt: new Date(), note: reason });
    await notify(tx, {
      userId: c.supplierId,
      kind: 'contract_cancelled',
      title: 'Contract cancelled',
      body: `The contract for “${c.tenderTitle}” was cancelled: ${reason.toLowerCase()}.`,
      link: dealsLink('supplier'),
    });
  }
  return open.length;
}

/**
 * For account deletion, in its transaction: the user's open contracts are cancelled (the
 * tender goes back to active when the supplier left) and the counterparties told.
 */
export async function closeContractsOfDeletedUser(tx: DbOrTx, userId: string): Promise<void> {
  for (const c of await repo.lockOpenForUser(tx, userId)) {
    await repo.updateContract(tx, c.id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      note: 'The other party closed their account',
    });
    await releaseTender(tx, c, null);
    const other = c.buyerId === userId ? c.supplierId : c.buyerId;
    await notify(tx, {
      userId: other,
      kind: 'contract_cancelled',
      title: 'Contract cancelled',
      body: `The contract for “${c.tenderTitle}” was cancelled because the other party closed their account.`,
      link: dealsLink(other === c.buyerId ? 'buyer' : 'supplier'),
    });
  }
}

/**
 * In the caller's transaction: the buyer `caller` awards their active tender to a supplier — the
 * contract proposal, the tender pending with its awarded supplier, the audit event and the
 * supplier's notification. Used by POST /api/contract and by the award of a tender response.
 * A second open contract of the tender answers INVALID_STATE (409).
 */
export async function proposeContract(
  tx: DbOrTx,
  caller: Pick<Principal, 'id' | 'companyName'>,
  p: {
    tenderId: string;
    supplierId: string;
    catalogueItemId: string | null;
    catalogueItemTitle: string | null;
    valuePence: number;
    currency: string;
    terms: string | null;
  },
): Promise<repo.ContractRow> {
  const t = await repo.lockTender(tx, p.tenderId);
  if (!t || t.userId !== caller.id) throw new AppError('NOT_FOUND', 'Tender not found');
  if (t.status !== 'active')
    throw new AppError('INVALID_STATE', `Only an active tender can be awarded; this one is ${t.status}`);
  if ((await repo.lockOpenForTender(tx, t.id)).length) {
    throw new AppError('INVALID_STATE', 'This tender already has an open contract');
  }
  const c = await repo.insertContract(tx, {
    tenderId: t.id,
    tenderTitle: t.title,
    buyerId: caller.id,
    supplierId: p.supplierId,
    catalogueItemId: p.catalogueItemId,
    catalogueItemTitle: p.catalogueItemTitle,
    valuePence: p.valuePence,
    currency: p.currency,
    terms: p.terms,
  });
  await repo.setTenderAward(tx, t.id, { status: 'pending', awardedSupplierId: p.supplierId });
  await insertAuditEvent(tx, {
    tenderId: t.id,
    actorId: caller.id,
    action: 'awarded',
    changes: {
      awardedSupplierId: { from: t.awardedSupplierId, to: p.supplierId },
      status: { from: t.status, to: 'pending' },
      contractValuePence: { from: null, to: p.valuePence },
    },
  });
  await notify(tx, {
    userId: p.supplierId,
    kind: 'contract_proposed',
    title: 'New contract proposal',
    body: `${caller.companyName} would like to award you “${t.title}” for ${gbp(p.valuePence)}. Accept or decline it in Deals.`,
    link: dealsLink('supplier'),
  });
  return c;
}

/** A contract as the viewer sees it (for callers outside this module, e.g. the response award). */
export async function contractFor(db: DbOrTx, id: string, viewerId: string): Promise<Contract> {
  const row = await repo.findContract(db, id, viewerId);
  if (!row) throw notFound();
  return toContract(row, viewerId);
}

function emptyTotals(): ContractTotals {
  return Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, { count: 0, valuePence: 0, value: 0 }])) as ContractTotals;
}

/**
 * Deals and contracts (docs/product.md sections 2, 4, 7 Contracts): a buyer awards an active tender to
 * a supplier (the tender becomes pending), the supplier accepts or declines, the buyer may
 * cancel, and completing the tender fulfils it. Every step is checked against CONTRACT_STEPS.
 */
/** GET /api/contract/user/{id}: a page as the API answers it. */
export type ContractsPage = z.output<typeof contractPageSchema>;

export function createDealsService(ctx: AppContext) {
  const { db } = ctx;
  // A user's deals, kept per viewer, filter and page while nothing they show has changed (db/owner-pages.ts).
  const contractPages = createOwnerPages<ContractsPage>('contracts');

  async function full(id: string, viewerId: string): Promise<Contract> {
    const row = await repo.findContract(db, id, viewerId);
    if (!row) throw notFound();
    return toContract(row, viewerId);
  }

  return {
    /** POST /api/contract */
    async create(caller: Principal, body: z.output<typeof createContractBodySchema>): Promise<Contract> {
      const valuePence = body.value ?? body.valuePence!;
      const supplier = await findUserById(db, body.supplierId);
      if (!supplier || supplier.role !== 'supplier' || !supplier.approved) {
        throw new AppError('VALIDATION_FAILED', 'Choose an approved supplier', [
          { path: 'supplierId', message: 'Not a supplier on Brickyard' },
        ]);
      }
      let itemTitle: string | null = null;
      if (body.catalogueItemId) {
        const item = await repo.findCatalogueItem(db, body.catalogueItemId);
        if (!item || item.userId !== supplier.id) {
          throw new AppError('VALIDATION_FAILED', 'That catalogue item is not one of this supplier’s', [
            { path: 'catalogueItemId', message: 'Not an item of this supplier' },
          ]);
        }
        itemTitle = item.title;
      }
      let created: repo.ContractRow;
      try {
        created = await db.transaction(async (tx) => {
          return proposeContract(tx, caller, {
            tenderId: body.tenderId,
            supplierId: supplier.id,
            catalogueItemId: body.catalogueItemId ?? null,
            catalogueItemTitle: itemTitle,
            valuePence,
            currency: body.currency,
            terms: body.terms ?? null,
          });
        });
      } catch (err) {
        const code =
          (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
        if (code === '23505') throw new AppError('INVALID_STATE', 'This tender already has an open contract');
        throw err;
      }
      return full(created.id, caller.id);
    },

    /** PUT /api/contract/{id}: accept, decline (supplier), cancel, update (buyer). */
    async act(caller: Principal, id: string, body: ContractActionBody): Promise<Contract> {
      const seen = await repo.findContract(db, id, caller.id);
      if (!seen) throw notFound();
      const side = sideOf(seen.c, caller.id);
      if (!side) throw notFound();
      const step = CONTRACT_STEPS[body.action];
      if (step.by !== side) {
        throw new AppError('FORBIDDEN', `Only the ${step.by} may ${body.action} this contract`);
      }
      await db.transaction(async (tx) => {
        // Tender first, then contract: the same order as the tender's completion.
        if (seen.c.tenderId) await repo.lockTender(tx, seen.c.tenderId);
        const c = await repo.lockContract(tx, id);
        if (!c) throw notFound();
        if (!step.from.includes(c.status)) {
          throw new AppError(
            'INVALID_STATE',
            `A ${c.status} contract cannot be ${body.action === 'update' ? 'changed' : `${body.action}ed`}`,
            [
              {
                path: 'action',
                message: `Allowed now: ${allowedContractActions(c.status, side).join(', ') || 'none'}`,
              },
            ],
          );
        }
        const now = new Date();
        switch (body.action) {
          case 'accept':
            await repo.updateContract(tx, c.id, { status: 'active', respondedAt: now });
            await notify(tx, {
              userId: c.buyerId,
              kind: 'contract_accepted',
              title: 'Contract accepted',
              body: `${caller.companyName} accepted the contract for “${c.tenderTitle}”.`,
              link: dealsLink('buyer'),
            });
            break;
          case 'decline':
            await repo.updateContract(tx, c.id, { status: 'declined', respondedAt: now, note: body.reason || null });
            await releaseTender(tx, c, caller.id);
            await notify(tx, {
              userId: c.buyerId,
              kind: 'contract_declined',
              title: 'Contract declined',
              body: `${caller.companyName} declined the contract for “${c.tenderTitle}”. The tender is open again.`,
              link: dealsLink('buyer'),
            });
            break;
          case 'cancel':
            await repo.updateContract(tx, c.id, { status: 'cancelled', cancelledAt: now, note: body.reason || null });
            await releaseTender(tx, c, caller.id);
            await notify(tx, {
              userId: c.supplierId,
              kind: 'contract_cancelled',
              title: 'Contract cancelled',
              body: `${caller.companyName} cancelled the contract for “${c.tenderTitle}”.`,
              link: dealsLink('supplier'),
            });
            break;
          case 'update': {
            const valuePence = body.value ?? body.valuePence;
            if (body.value !== undefined && body.valuePence !== undefined && body.value !== body.valuePence) {
              throw new AppError('VALIDATION_FAILED', 'value and valuePence disagree', [
                { path: 'value', message: 'value and valuePence disagree' },
              ]);
            }
            const values: { valuePence?: number; terms?: string | null } = {};
            if (valuePence !== undefined) values.valuePence = valuePence;
            if (body.terms !== undefined) values.terms = body.terms;
            if (!Object.keys(values).length) break;
            await repo.updateContract(tx, c.id, values);
            await notify(tx, {
              userId: c.supplierId,
              kind: 'contract_updated',
              title: 'Contract proposal changed',
              body: `${caller.companyName} changed the proposal for “${c.tenderTitle}”${valuePence !== undefined ? ` (now ${gbp(valuePence)})` : ''}.`,
              link: dealsLink('supplier'),
            });
            break;
          }
        }
      });
      return full(id, caller.id);
    },

    /** DELETE /api/contract/{id}: the buyer withdraws a proposal nobody answered yet. */
    async remove(caller: Principal, id: string): Promise<void> {
      const seen = await repo.findContract(db, id, caller.id);
      if (!seen) throw notFound();
      const side = sideOf(seen.c, caller.id);
      if (!side) throw notFound();
      if (side !== 'buyer') throw new AppError('FORBIDDEN', 'Only the buyer may delete a proposal');
      await db.transaction(async (tx) => {
        if (seen.c.tenderId) await repo.lockTender(tx, seen.c.tenderId);
        const c = await repo.lockContract(tx, id);
        if (!c) throw notFound();
        if (c.status !== 'proposed') {
          throw new AppError(
            'INVALID_STATE',
            `Only a proposed contract can be deleted; this one is ${c.status}. Cancel it instead.`,
          );
        }
        await repo.deleteContract(tx, c.id);
        await releaseTender(tx, c, caller.id);
        await notify(tx, {
          userId: c.supplierId,
          kind: 'contract_cancelled',
          title: 'Contract proposal withdrawn',
          body: `${caller.companyName} withdrew the proposal for “${c.tenderTitle}”.`,
          link: dealsLink('supplier'),
        });
      });
    },

    /** GET /api/contract/tender/{id}: all of them to the tender's buyer and admins, a supplier's own to that supplier. */
    async listForTender(caller: Principal, tenderId: string): Promise<{ data: Contract[]; meta: PageMeta }> {
      const found = await repo.tenderWithContracts(db, tenderId, caller.id, caller.role === 'admin');
      const t = found?.tender;
      if (!t || !canViewTender(t, caller)) throw new AppError('NOT_FOUND', 'Tender not found');
      const all = caller.role === 'admin' || t.userId === caller.id;
      if (!all && caller.role !== 'supplier') throw new AppError('NOT_FOUND', 'Tender not found');
      const rows = found.contracts;
      return {
        data: rows.map((r) => toContract(r, caller.id)),
        meta: { page: 1, pageSize: rows.length, total: rows.length },
      };
    },

    /** GET /api/contract/user/{id}: the user's own deals (or any user's for an admin), with totals by status. */
    async listForUser(caller: Principal, userId: string, q: ContractListQuery): Promise<ContractsPage> {
      if (caller.id !== userId && caller.role !== 'admin') throw new AppError('NOT_FOUND', 'User not found');
      const pageKey = `${caller.id} ${q.status?.join(',') ?? ''} ${q.side ?? ''} ${q.page} ${q.pageSize}`;
      return contractPages.answer(db, userId, pageKey, async () => {
        const { rows, total, totals } = await repo.listForUser(db, userId, caller.id, {
          statuses: q.status,
          side: q.side,
          page: q.page,
          pageSize: q.pageSize,
        });
        const byStatus = emptyTotals();
        for (const t of totals)
          byStatus[t.status] = { count: t.count, valuePence: t.valuePence, value: money(t.valuePence) };
        return {
          data: rows.map((r) => toContract(r, caller.id)),
          meta: { page: q.page, pageSize: q.pageSize, total, totals: byStatus },
        };
      });
    },
  };
}
