import { z } from 'zod';
import { CATEGORY_KEYS, normaliseCategory } from '../domain/categories.ts';
import { REGION_KEYS, normaliseRegion } from '../domain/regions.ts';
import { pageMetaSchema } from './common.ts';
import { queryReadingSchema, searchMatchSchema } from './search-match.ts';

/**
 * Search (docs/design.md section 5): GET /api/search over tenders, catalogue items or external
 * tenders — weighted full text with typo tolerance and meaning, filters, facet counts, sorts.
 */
export const SEARCH_TYPES = ['tenders', 'catalogue', 'external'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_SORTS = ['relevance', 'newest', 'closing_soon'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Price / budget buckets (pounds; `max` exclusive, null = open-ended). */
export const VALUE_BUCKETS = [
  { key: 'under-1k', label: 'Under £1,000', min: 0, max: 1_000 },
  { key: '1k-10k', label: '£1,000 – £10,000', min: 1_000, max: 10_000 },
  { key: '10k-100k', label: '£10,000 – £100,000', min: 10_000, max: 100_000 },
  { key: '100k-1m', label: '£100,000 – £1m', min: 100_000, max: 1_000_000 },
  { key: 'over-1m', label: 'Over £1m', min: 1_000_000, max: null },
] as const;
export type ValueBucketKey = (typeof VALUE_BUCKETS)[number]['key'];
export const VALUE_BUCKET_KEYS = VALUE_BUCKETS.map((b) => b.key) as [ValueBucketKey, ...ValueBucketKey[]];

/** Closing date windows (days from now). */
export const CLOSING_WINDOWS = [
  { key: '7d', label: 'Closing within 7 days', days: 7 },
  { key: '30d', label: 'Closing within 30 days', days: 30 },
  { key: '90d', label: 'Closing within 90 days', days: 90 },
] as const;
export type ClosingWindowKey = (typeof CLOSING_WINDOWS)[number]['key'];
export const CLOSING_WINDOW_KEYS = CLOSING_WINDOWS.map((w) => w.key) as [ClosingWindowKey, ...ClosingWindowKey[]];

export const searchQuerySchema = z.object({
  q: z
    .string()
    .max(200, 'At most 200 characters')
    .optional()
    // control characters (NUL above all) cannot be stored in PostgreSQL text: they mean nothing in a query
    .transform((v) => v?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() || undefined),
  type: z.enum(SEARCH_TYPES).default('tenders'),
  category: z.string().trim().max(80).transform(normaliseCategory).pipe(z.enum(CATEGORY_KEYS)).optional(),
  region: z.string().trim().max(80).transform(normaliseRegion).pipe(z.enum(REGION_KEYS)).optional(),
  status: z.string().trim().max(40).optional().describe('Tenders: active, pending, closed …; external: open or closed'),
  value: z.enum(VALUE_BUCKET_KEYS).optional().describe('Price (catalogue) or budget / amount bucket'),
  closing: z.enum(CLOSING_WINDOW_KEYS).optional(),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  page: z.coerce.number().int().min(1).max(500).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const facetCountSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;
export const searchFacetsSchema = z.object({
  category: z.array(facetCountSchema),
  region: z.array(facetCountSchema),
  status: z.array(facetCountSchema),
  value: z.array(facetCountSchema),
  closing: z.array(facetCountSchema),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchHitSchema = z.object({
  kind: z.enum(['tender', 'catalogue_item', 'external_tender']),
  id: z.uuid(),
  title: z.string(),
  snippet: z.string(),
  category: z.string().nullable(),
  region: z.string().nullable(),
  status: z.string().nullable(),
  amount: z.number().nullable().describe('Pounds (or the currency of an external tender): price, budget or value'),
  amountMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  deadline: z.string().nullable(),
  createdAt: z.string(),
  userId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  /** catalogue items: the stored URL of the item's first picture (shown through the signed download route); null otherwise */
  imageUrl: z.string().nullable(),
  relevance: z.number().describe('0–1, higher is closer'),
  match: searchMatchSchema.optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = z.object({
  data: z.array(searchHitSchema),
  meta: pageMetaSchema.extend({
    facets: searchFacetsSchema,
    /** set when no word matched exactly and the results come from close spellings */
    didYouMean: z.string().nullable(),
    reading: queryReadingSchema.optional(),
  }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
