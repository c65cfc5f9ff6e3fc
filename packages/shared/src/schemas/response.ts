import { z } from 'zod';
import { MAX_PENCE } from './listing.ts';

/** The orders of the buyer's comparison of responses (screen and exports). */
export const COMPARE_SORTS = ['total', 'leadTime', 'match', 'record'] as const;
export type CompareSort = (typeof COMPARE_SORTS)[number];

/**
 * Tender responses (docs/decisions/0015-tender-responses-sealed-by-default.md): a supplier's priced bid on a buyer's tender, the clarification
 * questions asked before the question deadline, and the buyer's compare, shortlist and award.
 *
 * Lifecycle: draft → submitted (again and again until the deadline, each a new version) →
 * shortlisted → awarded | unsuccessful; draft | submitted | shortlisted → withdrawn (by the
 * supplier, before the deadline). Money travels in pounds (2 decimals) beside pence.
 */
export const RESPONSE_STATUSES = ['draft', 'submitted', 'shortlisted', 'awarded', 'unsuccessful', 'withdrawn'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
/** Statuses the buyer may see (once the responses are open): sent and not withdrawn. */
export const RECEIVED_RESPONSE_STATUSES: readonly ResponseStatus[] = [
  'submitted',
  'shortlisted',
  'awarded',
  'unsuccessful',
];
/** Statuses the supplier may still change or withdraw (before the deadline). */
export const EDITABLE_RESPONSE_STATUSES: readonly ResponseStatus[] = ['draft', 'submitted'];

export const RESPONSE_MODES = ['sealed', 'open'] as const;
export type ResponseMode = (typeof RESPONSE_MODES)[number];

/** Sealed responses stay closed to the buyer until the deadline; open ones show as they arrive. */
export function responsesOpenTo(
  t: { responseMode: ResponseMode; deadline: Date | string | null },
  now = Date.now(),
): boolean {
  if (t.responseMode === 'open') return true;
  return t.deadline !== null && new Date(t.deadline).getTime() <= now;
}

export const REQUIREMENT_ANSWERS = ['meets', 'partly', 'does_not'] as const;
export type RequirementAnswer = (typeof REQUIREMENT_ANSWERS)[number];

export interface TenderRequirement {
  /** stable key answered in `requirementAnswers[].requirement` */
  key: string;
  label: string;
  /** what the buyer asked for */
  detail: string;
}

/**
 * The requirements a tender states, each of which a response answers: warranty, insurance,
 * payment terms, supplier type, and each quality standard (`quality:<name>`).
 */
export function tenderRequirements(t: {
  warrantyRequirement: boolean | null;
  insurance: string | null;
  paymentTerms: string | null;
  supplierType: string | null;
  qualityStandards: string[];
}): TenderRequirement[] {
  const out: TenderRequirement[] = [];
  if (t.warrantyRequirement) out.push({ key: 'warranty', label: 'Warranty', detail: 'A warranty is required' });
  if (t.insurance) out.push({ key: 'insurance', label: 'Insurance', detail: t.insurance });
  if (t.paymentTerms) out.push({ key: 'paymentTerms', label: 'Payment terms', detail: t.paymentTerms });
  if (t.supplierType) out.push({ key: 'supplierType', label: 'Supplier type', detail: t.supplierType });
  for (const q of t.qualityStandards) out.push({ key: `quality:${q}`, label: 'Quality standard', detail: q });
  return out;
}

const pounds = z
  .number({ error: 'Enter an amount in pounds' })
  .min(0, 'Cannot be negative')
  .max(MAX_PENCE / 100, 'Too large')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most 2 decimal places');

export const responseLineInputSchema = z.object({
  catalogueItemId: z
    .uuid()
    .nullable()
    .optional()
    .describe('One of your own catalogue items; its price fills unitPrice when omitted'),
  description: z.string().trim().min(1, 'Describe the line').max(500),
  unit: z.string().trim().max(30).optional().describe('e.g. each, m², tonne (default each)'),
  quantity: z
    .number({ error: 'Enter a quantity' })
    .positive('Must be more than 0')
    .max(1_000_000_000, 'Too large')
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'At most 3 decimal places'),
  unitPrice: pounds.optional().describe('Pounds per unit'),
  lineTotal: pounds
    .optional()
    .describe(
      'Pounds: quantity × unit price as the supplier worked it out; when given it must agree with the server’s sum to the penny',
    ),
});
export type ResponseLineInput = z.infer<typeof responseLineInputSchema>;

export const requirementAnswerInputSchema = z.object({
  requirement: z.string().trim().min(1).max(120),
  answer: z.enum(REQUIREMENT_ANSWERS),
  comment: z.string().trim().max(1000).optional(),
});

/** POST /api/tender/{id}/responses and PUT /api/responses/{id} (the whole response each time). */
export const responseBodySchema = z
  .object({
    lines: z.array(responseLineInputSchema).max(200),
    leadTimeDays: z.number().int('Whole days').min(0).max(3650).nullable().optional(),
    validityDays: z.number().int('Whole days').min(1).max(365).nullable().optional(),
    note: z.string().trim().max(10_000).default(''),
    requirementAnswers: z.array(requirementAnswerInputSchema).max(60).default([]),
    documents: z
      .array(z.string().trim().min(1).max(2048))
      .max(20)
      .default([])
      .describe('Storage keys from the presigned upload flow'),
    status: z.enum(['draft', 'submitted']).default('submitted'),
    total: pounds
      .optional()
      .describe('Pounds: the sum of the line totals as the supplier sees it; when given it must agree to the penny'),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.requirementAnswers.forEach((a, i) => {
      if (seen.has(a.requirement))
        ctx.addIssue({ code: 'custom', path: ['requirementAnswers', i, 'requirement'], message: 'Answered twice' });
      seen.add(a.requirement);
    });
    if (b.status === 'submitted') {
      if (!b.lines.length) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Add at least one price line' });
      if (b.leadTimeDays == null)
        ctx.addIssue({ code: 'custom', path: ['leadTimeDays'], message: 'Enter your lead time' });
      if (b.validityDays == null)
        ctx.addIssue({ code: 'custom', path: ['validityDays'], message: 'Enter how long the offer is valid' });
    }
  });
export type ResponseBody = z.input<typeof responseBodySchema>;
export type ResponseBodyParsed = z.output<typeof responseBodySchema>;

export const responseLineSchema = z.object({
  catalogueItemId: z.uuid().nullable(),
  description: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  unitPricePence: z.number().int(),
  lineTotal: z.number(),
  lineTotalPence: z.number().int(),
});
export type ResponseLine = z.infer<typeof responseLineSchema>;

export const responseFeedbackSchema = z.object({
  /** 1 = the lowest total among the responses received */
  rank: z.number().int(),
  of: z.number().int(),
  /** how much more than the winning total (pounds; negative when cheaper) */
  gapToWinner: z.number(),
  gapToWinnerPence: z.number().int(),
  /** labels of the requirements answered partly or not met */
  missedRequirements: z.array(z.string()),
});
export type ResponseFeedback = z.infer<typeof responseFeedbackSchema>;

export const responseSchema = z.object({
  id: z.uuid(),
  tenderId: z.uuid(),
  tenderTitle: z.string(),
  tenderDeadline: z.string().nullable(),
  supplier: z.object({
    id: z.uuid(),
    companyName: z.string(),
    /** approved by Brickyard (the Verified badge) */
    verified: z.boolean(),
    fulfilledDeals: z.number().int(),
    /** reviews the supplier received after fulfilled deals */
    reviews: z.object({ average: z.number().nullable(), count: z.number().int() }),
  }),
  /** The best match the matching engine stored between the tender and one of the supplier's catalogue items. */
  match: z.object({ score: z.number().int(), itemTitle: z.string(), reasons: z.array(z.string()) }).nullable(),
  lines: z.array(responseLineSchema),
  total: z.number(),
  totalPence: z.number().int(),
  currency: z.literal('GBP'),
  leadTimeDays: z.number().int().nullable(),
  validityDays: z.number().int().nullable(),
  note: z.string(),
  requirementAnswers: z.array(
    z.object({ requirement: z.string(), answer: z.enum(REQUIREMENT_ANSWERS), comment: z.string().nullable() }),
  ),
  documents: z.array(z.object({ key: z.string(), name: z.string(), url: z.string() })),
  status: z.enum(RESPONSE_STATUSES),
  version: z.number().int(),
  feedback: responseFeedbackSchema.nullable(),
  contractId: z.uuid().nullable(),
  /** the tender owner's private note; null to anyone else */
  buyerNote: z.string().nullable(),
  submittedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TenderResponse = z.infer<typeof responseSchema>;

/** GET /api/tender/{id}/responses: while sealed, `data` is empty and `total` counts the responses received. */
export const responseListSchema = z.object({
  data: z.array(responseSchema),
  meta: z.object({
    total: z.number().int(),
    sealed: z.boolean(),
    responseMode: z.enum(RESPONSE_MODES),
    deadline: z.string().nullable(),
  }),
});
export type ResponseList = z.infer<typeof responseListSchema>;

/** PUT /api/responses/{id}/note: the buyer's private note on a response (empty clears it). */
export const responseNoteBodySchema = z.object({ note: z.string().trim().max(5000) });

export const shortlistBodySchema = z
  .object({ shortlisted: z.boolean().default(true) })
  .nullish()
  .describe('Optional; shortlisted defaults to true');

/** POST /api/responses/{id}/award: the response becomes a contract proposal (the contracts flow). */
export const awardBodySchema = z
  .object({ terms: z.string().trim().max(10_000).optional() })
  .nullish()
  .describe('Optional contract terms');

export const questionBodySchema = z.object({ text: z.string().trim().min(5, 'At least 5 characters').max(2000) });
export const answerBodySchema = z.object({
  text: z.string().trim().min(1, 'Write an answer').max(5000),
  /** true: every supplier who responded sees the question and answer (the asker is not named) */
  publish: z.boolean().default(false),
});

export const questionSchema = z.object({
  id: z.uuid(),
  tenderId: z.uuid(),
  text: z.string(),
  answer: z.string().nullable(),
  published: z.boolean(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  /** true when the caller asked it */
  mine: z.boolean(),
  /** the asker's company, to the tender's owner only */
  askerCompanyName: z.string().nullable(),
});
export type TenderQuestion = z.infer<typeof questionSchema>;

export const questionListSchema = z.object({
  data: z.array(questionSchema),
  meta: z.object({ total: z.number().int(), questionDeadline: z.string().nullable(), open: z.boolean() }),
});

/** GET /api/tender/{id}/responses/compare: the buyer's comparison as a file, in the order chosen on screen. */
export const compareExportQuerySchema = z.object({
  format: z.enum(['pdf', 'csv']).default('pdf'),
  sort: z.enum(COMPARE_SORTS).default('total'),
  /** only the shortlisted (and awarded) responses */
  shortlisted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
