import { z } from 'zod';
import { isoDate, isoDateTime } from './common.ts';
import { TENDER_STATUSES } from '../domain/tenders.ts';
import {
  checkListing,
  listingFieldsSchema,
  listingOutputFields,
  listingQueryBase,
  poundsQuery,
  stringList,
} from './listing.ts';

/** A closing deadline: an ISO date-time, or a date (closing at 17:00 UTC that day). */
export const deadlineSchema = z
  .union([isoDateTime(), isoDate().transform((d) => `${d}T17:00:00.000Z`)])
  .describe('Closing deadline: ISO date-time, or yyyy-MM-dd (closes 17:00 UTC)');

const tenderExtras = {
  deadline: deadlineSchema.nullable().optional(),
  requiredCertifications: stringList(30, 100).optional(),
  qualityStandards: stringList(30, 100).optional(),
  responseMode: z
    .enum(['sealed', 'open'])
    .optional()
    .describe("'sealed' (default): responses open to the buyer after the deadline; 'open': at once"),
  questionDeadline: deadlineSchema
    .nullable()
    .optional()
    .describe('Suppliers may ask questions until then (else until the deadline)'),
};

/** POST /api/tender. New tenders are drafts unless `status: 'active'` publishes them at once. */
export const createTenderBodySchema = listingFieldsSchema
  .extend({ ...tenderExtras, status: z.enum(['draft', 'active']).default('active') })
  .superRefine(checkListing);
export type CreateTenderBody = z.infer<typeof createTenderBodySchema>;
/** What a client sends to create or (with `status`) save a tender: the schema's input. */
export type TenderBody = z.input<typeof createTenderBodySchema>;

/** PUT /api/tender/{id}: any subset of the fields; null clears an optional field; status moves along the lifecycle. */
export const updateTenderBodySchema = listingFieldsSchema
  .partial()
  .extend({ ...tenderExtras, status: z.enum(TENDER_STATUSES).optional() })
  .superRefine(checkListing);
export type UpdateTenderBody = z.infer<typeof updateTenderBodySchema>;

export const tenderSchema = z.object({
  ...listingOutputFields,
  status: z.enum(TENDER_STATUSES),
  deadline: z.string().nullable(),
  requiredCertifications: z.array(z.string()),
  qualityStandards: z.array(z.string()),
  responseMode: z.enum(['sealed', 'open']),
  questionDeadline: z.string().nullable(),
  awardedSupplierId: z.uuid().nullable(),
});
export type Tender = z.infer<typeof tenderSchema>;

/** `relevance` (the search engine's order) is the default when `q` is given, `newest` otherwise. */
export const TENDER_SORTS = ['relevance', 'newest', 'oldest', 'budget_asc', 'budget_desc', 'closing_soon'] as const;
export const tenderListQuerySchema = listingQueryBase.extend({
  status: z
    .string()
    .trim()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(TENDER_STATUSES)).min(1))
    .optional()
    .describe('One status or several, comma separated'),
  minBudget: poundsQuery.describe('Pounds'),
  maxBudget: poundsQuery.describe('Pounds'),
  closingBefore: isoDate().optional(),
  sort: z.enum(TENDER_SORTS).optional(),
});
export type TenderListQuery = z.infer<typeof tenderListQuerySchema>;

export const tenderStatsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(z.enum(TENDER_STATUSES), z.number().int()),
  openBudgetPence: z.number().int(),
  openBudget: z.number(),
  fulfilledBudgetPence: z.number().int(),
  fulfilledBudget: z.number(),
  closingWithin7Days: z.number().int(),
  currency: z.literal('GBP'),
});
export type TenderStats = z.infer<typeof tenderStatsSchema>;

export const AUDIT_FORMATS = ['pdf', 'csv', 'json'] as const;
export const auditQuerySchema = z.object({ format: z.enum(AUDIT_FORMATS).default('pdf') });

export const auditEventSchema = z.object({
  id: z.uuid(),
  tenderId: z.uuid(),
  action: z.string(),
  actor: z.object({ id: z.uuid().nullable(), name: z.string(), companyName: z.string().nullable() }),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  /** The changes as a person reads them (names, £ amounts, labels): what the screen, PDF and CSV show. */
  lines: z.array(z.object({ field: z.string(), label: z.string(), from: z.string(), to: z.string() })),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
