import type { Role } from './roles.ts';

/**
 * The tender lifecycle (docs/product.md section 4 names active, pending and fulfilled; "complete" means
 * fulfilled). draft: being written, seen by its owner only. active: published, suppliers find it.
 * pending: awarded to a supplier, work under way. closed: the deadline passed or the buyer stopped
 * taking interest without awarding (may be reopened or awarded). fulfilled: the work is done.
 * cancelled: withdrawn. fulfilled and cancelled are final.
 */
export const TENDER_STATUSES = ['draft', 'active', 'pending', 'fulfilled', 'closed', 'cancelled'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

export const TENDER_TRANSITIONS: Record<TenderStatus, readonly TenderStatus[]> = {
  draft: ['active', 'cancelled'],
  active: ['pending', 'fulfilled', 'closed', 'cancelled'],
  pending: ['active', 'fulfilled', 'closed', 'cancelled'],
  closed: ['active', 'pending', 'cancelled'],
  fulfilled: [],
  cancelled: [],
};

export function canTransition(from: TenderStatus, to: TenderStatus): boolean {
  return from === to || TENDER_TRANSITIONS[from].includes(to);
}

/** Statuses from which POST /api/tender/{id}/complete may mark a tender fulfilled. */
export const COMPLETABLE_STATUSES: readonly TenderStatus[] = ['active', 'pending'];
/** Final statuses: the tender can no longer be edited. */
export const FINAL_TENDER_STATUSES: readonly TenderStatus[] = ['fulfilled', 'cancelled'];
/** Statuses whose budget counts as "open" in the owner's stats. */
export const OPEN_TENDER_STATUSES: readonly TenderStatus[] = ['active', 'pending'];
/**
 * Statuses a supplier may see on another buyer's tender: drafts are private and cancelled
 * tenders are withdrawn; the rest is a buyer's public record. Only active ones are listed
 * for suppliers to bid on.
 */
export const SUPPLIER_VISIBLE_STATUSES: readonly TenderStatus[] = ['active', 'pending', 'closed', 'fulfilled'];

export interface TenderViewer {
  id: string;
  role: Role;
}
export interface TenderVisibility {
  userId: string;
  status: TenderStatus;
  awardedSupplierId: string | null;
}

/** Who may read a tender (docs/design.md section 3: anything else answers 404). */
export function canViewTender(tender: TenderVisibility, viewer: TenderViewer): boolean {
  if (viewer.id === tender.userId || viewer.role === 'admin') return true;
  if (viewer.role !== 'supplier') return false;
  if (tender.awardedSupplierId === viewer.id) return true;
  return SUPPLIER_VISIBLE_STATUSES.includes(tender.status);
}

/** Catalogue items are the suppliers' shop window: every buyer, supplier and admin may read them. */
export function canViewCatalogueItem(_item: { userId: string }, viewer: TenderViewer): boolean {
  return viewer.role === 'buyer' || viewer.role === 'supplier' || viewer.role === 'admin';
}

export const AVAILABILITIES = ['available', 'limited', 'other'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
