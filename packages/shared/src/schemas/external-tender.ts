import { z } from 'zod';
import { cpvCodeSchema, queryReadingSchema, searchMatchSchema } from './search-match.ts';
import { isoDate, isoDateTime, pageMetaSchema } from './common.ts';

/**
 * The live feed of public-sector tenders (docs/product.md section 3 "External tender", section 7
 * "External tenders"). Imported from OCDS releases; see
 * apps/api/src/modules/external-tenders/README.md for how each field is mapped.
 */

/**
 * `status` as presented: OCDS `tender.status`, except that an `active` (or planned) tender whose
 * deadline has passed is `closed`, and an `active` one still taking bids is `open`.
 */
export const EXTERNAL_TENDER_STATUSES = [
  'open',
  'closed',
  'planning',
  'planned',
  'complete',
  'cancelled',
  'unsuccessful',
  'withdrawn',
  'unknown',
] as const;
export type ExternalTenderStatus = (typeof EXTERNAL_TENDER_STATUSES)[number];

/** Which public service published the release (from the OCID prefix). */
export const EXTERNAL_TENDER_ORIGINS = [
  'contracts-finder',
  'find-a-tender',
  'sell2wales',
  'public-contracts-scotland',
  'other',
] as const;
export type ExternalTenderOrigin = (typeof EXTERNAL_TENDER_ORIGINS)[number];

export const externalTenderSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(EXTERNAL_TENDER_STATUSES),
  /** `tender.status` exactly as published (OCDS tenderStatus codelist), or null. */
  ocdsStatus: z.string().nullable(),
  /** true while the tender takes bids: active and the deadline (if any) is in the future. */
  isOpen: z.boolean(),
  /** In major units (pounds, dollars, euros); null when the notice states no value. */
  amount: z.number().nullable(),
  /** ISO 4217 code; show it with currencySymbol() (USD $, GBP £, EUR €, else the code). */
  currency: z.string().nullable(),
  location: z.string().nullable(),
  ocid: z.string(),
  tenderId: z.string().nullable(),
  description: z.string().nullable(),
  tenderStartDate: z.string().nullable(),
  tenderEndDate: z.string().nullable(),
  awardStartDate: z.string().nullable(),
  awardEndDate: z.string().nullable(),
  /** The date of the newest release of this contracting process. */
  date: z.string(),
  procurementMethod: z.string().nullable(),
  procurementMethodDetails: z.string().nullable(),
  /** A link to the notice on the publishing service. */
  source: z.string().nullable(),
  isFavourited: z.boolean(),
  buyerName: z.string().nullable(),
  cpvCodes: z.array(z.string()),
  /** `cpvCodes` with their CPV 2008 labels, in the same order (the label is '' for a code not in the vocabulary). */
  cpv: z.array(cpvCodeSchema),
  /**
   * The buyer's contact point as published (OCDS `parties[].contactPoint` of the buyer), on the
   * detail read only; null when the notice gives none (or in lists).
   */
  buyerContact: z
    .object({
      name: z.string().nullable(),
      email: z.string().nullable(),
      telephone: z.string().nullable(),
      url: z.string().nullable(),
    })
    .nullable(),
  /** The release tag of the newest release (tender, tenderAmendment, award, …). */
  noticeType: z.string().nullable(),
  publisher: z.string().nullable(),
  origin: z.enum(EXTERNAL_TENDER_ORIGINS),
  /**
   * Demo installs only: the days the demo seed moved this real notice's dates so the demo has
   * open notices (the screen marks it as demo data); null for real imports, never moved.
   */
  demoShiftDays: z.number().int().nullable(),
  /** on a search with words: why this notice is a result */
  match: searchMatchSchema.optional(),
});
export type ExternalTender = z.infer<typeof externalTenderSchema>;

export const externalTenderSorts = ['relevance', 'newest', 'closing'] as const;
export type ExternalTenderSort = (typeof externalTenderSorts)[number];

/** Control characters (NUL above all: PostgreSQL refuses it) become spaces; empty means absent. */
const cleanText = (v: string) => v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
const optionalTrimmed = (max: number) =>
  z
    .string()
    .max(max)
    .transform(cleanText)
    .optional()
    .transform((v) => (v === '' ? undefined : v));
const optionalMoney = z.preprocess(
  (v: number | string | undefined) => (v === '' ? undefined : v),
  z.coerce.number().finite().min(0).max(1e13).optional(),
);
const optionalDate = z.preprocess(
  (v: string | undefined) => (v === '' ? undefined : v),
  isoDate().or(isoDateTime()).optional(),
);
/** One or more CPV code prefixes (2 to 8 digits), comma separated: "45", "45,71", "45210000". */
const cpvList = z
  .string()
  .trim()
  .max(200)
  .regex(/^(\d{2,8}(-\d)?)(\s*,\s*\d{2,8}(-\d)?)*$/, 'CPV codes are 2 to 8 digits, comma separated')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The search criteria a supplier can also save (and be alerted about). */
export const externalTenderCriteriaSchema = z.object({
  q: optionalTrimmed(200),
  status: z
    .enum(EXTERNAL_TENDER_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  minValue: optionalMoney,
  maxValue: optionalMoney,
  location: optionalTrimmed(100),
  cpv: cpvList,
  closingFrom: optionalDate,
  closingTo: optionalDate,
});
export type ExternalTenderCriteria = z.infer<typeof externalTenderCriteriaSchema>;

export const externalTenderSearchQuerySchema = externalTenderCriteriaSchema.extend({
  /** relevance (the default when q is given), newest (the default otherwise), closing (soonest deadline first). */
  sort: z
    .enum(externalTenderSorts)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: z.coerce.number<number | string>().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number<number | string>().int().min(1).max(100).default(20),
});
export type ExternalTenderSearchQuery = z.input<typeof externalTenderSearchQuerySchema>;

export const facetBucketSchema = z.object({ value: z.string(), label: z.string().optional(), count: z.number().int() });
export type FacetBucket = z.infer<typeof facetBucketSchema>;

export const externalTenderFacetsSchema = z.object({
  status: z.array(facetBucketSchema),
  cpvDivisions: z.array(facetBucketSchema),
  locations: z.array(facetBucketSchema),
});
export type ExternalTenderFacets = z.infer<typeof externalTenderFacetsSchema>;

export const externalTenderPageSchema = z.object({
  data: z.array(externalTenderSchema),
  meta: pageMetaSchema.extend({
    facets: externalTenderFacetsSchema.optional(),
    reading: queryReadingSchema.optional(),
  }),
});
export type ExternalTenderPage = z.infer<typeof externalTenderPageSchema>;

export const externalTenderTopQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const favouriteResultSchema = z.object({
  data: z.object({ id: z.uuid(), isFavourited: z.boolean() }),
});

// Saved searches with alerts.
/** Criteria as the API answers them (already cleaned). */
export const externalTenderCriteriaOutputSchema = z.object({
  q: z.string().optional(),
  status: z.enum(EXTERNAL_TENDER_STATUSES).optional(),
  minValue: z.number().optional(),
  maxValue: z.number().optional(),
  location: z.string().optional(),
  cpv: z.string().optional(),
  closingFrom: z.string().optional(),
  closingTo: z.string().optional(),
});

export type ExternalTenderCriteriaOutput = z.infer<typeof externalTenderCriteriaOutputSchema>;

export const savedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  criteria: externalTenderCriteriaOutputSchema,
  emailAlerts: z.boolean(),
  createdAt: z.string(),
  lastAlertAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchBodySchema = z.object({
  name: z.string().max(100).transform(cleanText).pipe(z.string().min(1, 'Give the search a name')),
  criteria: externalTenderCriteriaSchema,
  emailAlerts: z.boolean().default(true),
});
export type SavedSearchBody = z.input<typeof savedSearchBodySchema>;

export const MAX_SAVED_SEARCHES = 20;

/** GET /api/external-tenders/status: how fresh the live feed is. */
export const feedStatusSchema = z.object({
  /** when the feed last took in releases (an import or a successful connector run); null: never */
  lastImportedAt: z.string().nullable(),
  /** true when that is longer ago than `staleAfterHours` (or never): the notices may be out of date */
  stale: z.boolean(),
  staleAfterHours: z.number().int(),
  total: z.number().int(),
  open: z.number().int(),
  /** notices whose dates the demo seed moved (demo installs only) */
  demoNotices: z.number().int(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;
