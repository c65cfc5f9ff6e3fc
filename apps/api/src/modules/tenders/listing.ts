import { AppError, isSubcategoryOf, type Attachment, type ErrorDetail } from '@brickyard/shared';

/**
 * Mapping between the docs/product.md section 3 fields (shared by tenders and catalogue items) and
 * their columns, used by both services.
 */
export interface ListingRow {
  id: string;
  userId: string;
  title: string;
  description: string;
  specifications: string | null;
  category: string;
  subcategories: string[];
  valuePence: number | null;
  quantity: number | null;
  budgetPence: number | null;
  currency: string;
  leadTimeDays: number | null;
  region: string | null;
  availability: 'available' | 'limited' | 'other';
  paymentTerms: string | null;
  insurance: string | null;
  supplierType: string | null;
  warrantyRequirement: boolean | null;
  rebate: boolean | null;
  attachments: Attachment[];
  supportingDocumentIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

const pounds = (pence: number | null) => (pence === null ? null : Math.round(pence) / 100);

export function listingToWire(row: ListingRow, companyName: string) {
  return {
    id: row.id,
    userId: row.userId,
    user: { companyName },
    title: row.title,
    description: row.description,
    specifications: row.specifications,
    category: row.category,
    subcategories: row.subcategories,
    value: pounds(row.valuePence),
    valuePence: row.valuePence,
    quantity: row.quantity,
    budget: pounds(row.budgetPence),
    budgetPence: row.budgetPence,
    currency: 'GBP' as const,
    leadTime: row.leadTimeDays,
    region: row.region,
    availability: row.availability,
    paymentTerms: row.paymentTerms,
    insurance: row.insurance,
    supplierType: row.supplierType,
    warrantyRequirement: row.warrantyRequirement,
    rebate: row.rebate,
    attachments: row.attachments,
    supportingDocumentIds: row.supportingDocumentIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface ListingInput {
  title?: string;
  description?: string;
  specifications?: string | null;
  category?: string;
  subcategories?: string[];
  value?: number | null;
  valuePence?: number | null;
  quantity?: number | null;
  budget?: number | null;
  budgetPence?: number | null;
  leadTime?: number | null;
  region?: string | null;
  availability?: 'available' | 'limited' | 'other';
  paymentTerms?: string | null;
  insurance?: string | null;
  supplierType?: string | null;
  warrantyRequirement?: boolean | null;
  rebate?: boolean | null;
}

const toPence = (pounds: number | null | undefined, pence: number | null | undefined): number | null | undefined => {
  if (pence !== undefined) return pence;
  if (pounds === undefined) return undefined;
  return pounds === null ? null : Math.round(pounds * 100);
};

/** Column values for the fields present in `body` (undefined = leave as is, null = clear). */
export function listingColumnsFrom(body: ListingInput) {
  const cols = {
    title: body.title,
    description: body.description,
    specifications: body.specifications,
    category: body.category,
    subcategories: body.subcategories,
    valuePence: toPence(body.value, body.valuePence),
    quantity: body.quantity,
    budgetPence: toPence(body.budget, body.budgetPence),
    leadTimeDays: body.leadTime,
    region: body.region,
    availability: body.availability,
    paymentTerms: body.paymentTerms,
    insurance: body.insurance,
    supplierType: body.supplierType,
    warrantyRequirement: body.warrantyRequirement,
    rebate: body.rebate,
  };
  return Object.fromEntries(Object.entries(cols).filter(([, v]) => v !== undefined)) as Partial<typeof cols>;
}

/**
 * On an update the category may change without new subcategories (drop those that no longer
 * belong) or subcategories may come without the category (check them against the stored one).
 */
export function effectiveSubcategories(
  category: string,
  given: string[] | undefined,
  stored: string[],
  categoryChanged: boolean,
): string[] | undefined {
  if (given) {
    const details: ErrorDetail[] = [];
    given.forEach((s, i) => {
      if (!isSubcategoryOf(category, s))
        details.push({ path: `subcategories.${i}`, message: `"${s}" is not a subcategory of this category` });
    });
    if (details.length) throw new AppError('VALIDATION_FAILED', 'Some fields are not valid', details);
    return given;
  }
  return categoryChanged ? stored.filter((s) => isSubcategoryOf(category, s)) : undefined;
}

/** Field-by-field differences between two wire objects, for the audit trail. */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const f of fields) {
    if (JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
      changes[f] = { from: before[f] ?? null, to: after[f] ?? null };
  }
  return changes;
}

/** Pounds from a query string to pence. */
export const queryPence = (v: number | undefined) => (v === undefined ? undefined : Math.round(v * 100));
