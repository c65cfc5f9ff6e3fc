import { z } from 'zod';
import { paginationQuerySchema } from './common.ts';
import { moneyPoundsSchema } from './profile.ts';
import { MAX_PENCE } from './listing.ts';

/**
 * Deals (docs/product.md sections 2, 4, 7 Contracts). The lifecycle:
 *   proposed --accept (supplier)--> active --tender completed--> fulfilled
 *   proposed --decline (supplier)--> declined
 *   proposed | active --cancel (buyer)--> cancelled
 * A proposed contract may also be edited (value, terms) or deleted by its buyer.
 */
export const CONTRACT_STATUSES = ['proposed', 'active', 'fulfilled', 'declined', 'cancelled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const OPEN_CONTRACT_STATUSES: readonly ContractStatus[] = ['proposed', 'active'];

export const CONTRACT_ACTIONS = ['accept', 'decline', 'cancel', 'update'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];
export type ContractSide = 'buyer' | 'supplier';

/** Who may take which step from which status; anything else is refused. */
export const CONTRACT_STEPS: Record<
  ContractAction,
  { by: ContractSide; from: readonly ContractStatus[]; to: ContractStatus }
> = {
  accept: { by: 'supplier', from: ['proposed'], to: 'active' },
  decline: { by: 'supplier', from: ['proposed'], to: 'declined' },
  cancel: { by: 'buyer', from: ['proposed', 'active'], to: 'cancelled' },
  update: { by: 'buyer', from: ['proposed'], to: 'proposed' },
};

/** The steps a party may take now (the UI shows these buttons). */
export function allowedContractActions(status: ContractStatus, side: ContractSide | null): ContractAction[] {
  if (!side) return [];
  return CONTRACT_ACTIONS.filter((a) => CONTRACT_STEPS[a].by === side && CONTRACT_STEPS[a].from.includes(status));
}

const penceInput = z.number().int('Whole pence only').min(0, 'Cannot be negative').max(MAX_PENCE, 'Too large');
const terms = z
  .string()
  .trim()
  .max(10_000)
  .nullable()
  .transform((v) => (v === '' ? null : v));

/** POST /api/contract: the buyer awards one of their active tenders. Send `value` (pounds) or `valuePence`. */
export const createContractBodySchema = z
  .object({
    tenderId: z.uuid(),
    supplierId: z.uuid(),
    catalogueItemId: z.uuid().nullable().optional(),
    value: moneyPoundsSchema.optional().describe('Pounds'),
    valuePence: penceInput.optional(),
    currency: z.literal('GBP').default('GBP'),
    terms: terms.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.value === undefined && b.valuePence === undefined)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter the contract value' });
    if (b.value !== undefined && b.valuePence !== undefined && b.value !== b.valuePence) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'value and valuePence disagree' });
    }
  });
export type CreateContractBody = z.input<typeof createContractBodySchema>;

/** PUT /api/contract/{id}: one step of the lifecycle. */
export const contractActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  z.object({ action: z.literal('decline'), reason: z.string().trim().max(1000).optional() }),
  z.object({ action: z.literal('cancel'), reason: z.string().trim().max(1000).optional() }),
  z.object({
    action: z.literal('update'),
    value: moneyPoundsSchema.optional(),
    valuePence: penceInput.optional(),
    terms: terms.optional(),
  }),
]);
export type ContractActionBody = z.infer<typeof contractActionBodySchema>;

const party = z.object({
  id: z.uuid(),
  name: z.string(),
  companyName: z.string(),
  deleted: z.boolean(),
});

export const contractSchema = z.object({
  id: z.uuid(),
  tenderId: z.uuid().nullable(),
  tenderTitle: z.string(),
  catalogueItemId: z.uuid().nullable(),
  catalogueItemTitle: z.string().nullable(),
  buyer: party,
  supplier: party,
  /** the caller's side, and the other party (null for an admin looking on) */
  side: z.enum(['buyer', 'supplier']).nullable(),
  counterparty: party.nullable(),
  value: z.number(),
  valuePence: z.number().int(),
  currency: z.string(),
  terms: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES),
  note: z.string().nullable(),
  allowedActions: z.array(z.enum(CONTRACT_ACTIONS)),
  /** a fulfilled contract the caller has not reviewed yet */
  canReview: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  respondedAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractTotalsSchema = z.record(
  z.enum(CONTRACT_STATUSES),
  z.object({ count: z.number().int(), valuePence: z.number().int(), value: z.number() }),
);
export type ContractTotals = z.infer<typeof contractTotalsSchema>;

export const contractListQuerySchema = paginationQuerySchema.extend({
  status: z
    .string()
    .trim()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(CONTRACT_STATUSES)).min(1))
    .optional()
    .describe('One status or several, comma separated'),
  side: z.enum(['buyer', 'supplier']).optional(),
});
export type ContractListQuery = z.infer<typeof contractListQuerySchema>;

export const contractPageSchema = z.object({
  data: z.array(contractSchema),
  meta: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** totals by status over all the user's contracts (not only this page), currency GBP */
    totals: contractTotalsSchema,
  }),
});
