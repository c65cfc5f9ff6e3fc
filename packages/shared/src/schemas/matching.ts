import { z } from 'zod';
import { pageMetaSchema } from './common.ts';

/**
 * Matching (docs/design.md section 5, docs/product.md sections 7 and 9): a buyer's tender against a supplier's
 * catalogue item. Each match answers a score 0–100 and the reasons behind it, one per signal,
 * in the words the Connect screens show ("Delivers to North West").
 */
export const MATCH_REASON_CODES = [
  'category',
  'text',
  'semantic',
  'region',
  'price',
  'quantity',
  'lead_time',
  'availability',
  'certifications',
  'record',
] as const;
export type MatchReasonCode = (typeof MATCH_REASON_CODES)[number];

export const matchReasonSchema = z.object({
  code: z.enum(MATCH_REASON_CODES),
  label: z.string().describe('Human text, e.g. "Price £1,150/unit within budget"'),
  contribution: z.number().describe('Points this signal adds to the score'),
  weight: z.number().describe('The most this signal can add'),
});
export type MatchReason = z.infer<typeof matchReasonSchema>;

/** Score at or above which the other side is told about a new match. */
export const STRONG_MATCH_SCORE = 75;

export const MATCH_SUBJECT_KINDS = ['tender', 'catalogue_item'] as const;
export type MatchSubjectKind = (typeof MATCH_SUBJECT_KINDS)[number];

/** The other side of a match: what the Connect screen lists and opens. */
export const matchCounterpartSchema = z.object({
  kind: z.enum(MATCH_SUBJECT_KINDS),
  id: z.uuid(),
  title: z.string(),
  userId: z.uuid().describe('The owner: Connect opens messages with this user'),
  companyName: z.string(),
  category: z.string(),
  region: z.string().nullable(),
  price: z.number().nullable().describe('Catalogue item price, pounds'),
  pricePence: z.number().int().nullable(),
  budget: z.number().nullable().describe('Tender budget, pounds'),
  budgetPence: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  currency: z.literal('GBP'),
  status: z.string().nullable().describe('Tender status (tenders only)'),
  deadline: z.string().nullable(),
});
export type MatchCounterpart = z.infer<typeof matchCounterpartSchema>;

export const matchSchema = z.object({
  score: z.number().int().min(0).max(100),
  reasons: z.array(matchReasonSchema),
  counterpart: matchCounterpartSchema,
  computedAt: z.string(),
});
export type Match = z.infer<typeof matchSchema>;

/** One tender or catalogue item of the caller (or one they may see) and its best matches. */
export const matchGroupSchema = z.object({
  subject: z.object({
    kind: z.enum(MATCH_SUBJECT_KINDS),
    id: z.uuid(),
    title: z.string(),
    category: z.string(),
    status: z.string().nullable(),
  }),
  total: z.number().int().describe('Every match found, whatever the plan shows'),
  limited: z.boolean().describe('True when the plan shows fewer than `total` (Core: 3): show an upgrade prompt'),
  planLimit: z.number().int().nullable().describe('Matches the plan shows per tender or listing; null = unlimited'),
  matches: z.array(matchSchema),
});
export type MatchGroup = z.infer<typeof matchGroupSchema>;

export const matchesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20).describe('Groups per page'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Matches per group (the plan may show fewer)'),
  minScore: z.coerce.number().int().min(0).max(100).default(0),
});
export type MatchesQuery = z.infer<typeof matchesQuerySchema>;

export const matchGroupsResponseSchema = z.object({
  data: z.array(matchGroupSchema),
  meta: pageMetaSchema.extend({ planLimit: z.number().int().nullable() }),
});
export type MatchGroupsResponse = z.infer<typeof matchGroupsResponseSchema>;

export const recommendationsQuerySchema = matchesQuerySchema.pick({ limit: true, minScore: true });
export type RecommendationsQuery = z.infer<typeof recommendationsQuerySchema>;
export const recommendationsResponseSchema = z.object({ data: matchGroupSchema });
