import { z } from 'zod';
import { CATEGORY_KEYS, isSubcategoryOf, normaliseCategory, normaliseSubcategory } from '../domain/categories.ts';
import { REGION_KEYS, normaliseRegion } from '../domain/regions.ts';
import { AVAILABILITIES } from '../domain/tenders.ts';

/**
 * Fields shared by tenders and catalogue items (docs/product.md section 3 "Catalogue item / tender").
 *
 * Money on the wire: every amount is sent twice, as integer pence (`valuePence`, `budgetPence`,
 * the stored truth) and as pounds with at most 2 decimals under the SPEC names (`value`,
 * `budget`), plus `currency: 'GBP'`. Requests may send either form; when both are sent they must agree.
 */
export const MAX_PENCE = 1_000_000_000_000; // £10bn

const penceSchema = z.number().int('Whole pence only').min(0, 'Cannot be negative').max(MAX_PENCE, 'Too large');
const poundsSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount like 1250.50')
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .min(0, 'Cannot be negative')
      .max(MAX_PENCE / 100, 'Too large')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most 2 decimal places'),
  );

const shortText = (max: number) => z.string().trim().max(max);
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));
const stringList = (maxItems: number, maxLen: number) =>
  z
    .array(z.string().trim().min(1).max(maxLen))
    .max(maxItems)
    .transform((xs) => [...new Set(xs)]);

export const attachmentSchema = z.object({
  name: z.string().trim().min(1).max(200).describe('Display name'),
  url: z.string().trim().min(1).max(2048).describe('Stored file URL; its path holds the storage key'),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const categoryInput = z
  .string()
  .trim()
  .transform(normaliseCategory)
  .pipe(z.enum(CATEGORY_KEYS, { error: 'Choose a category from the list' }));
const regionInput = z
  .string()
  .trim()
  .transform(normaliseRegion)
  .pipe(z.enum(REGION_KEYS, { error: 'Choose a UK region from the list' }));

/** Fields common to both, all optional here; the create schemas say which are required. */
export const listingFieldsSchema = z.object({
  title: z.string().trim().min(3, 'At least 3 characters').max(200),
  description: z.string().trim().min(10, 'At least 10 characters').max(10_000),
  specifications: nullableText(10_000).optional(),
  category: categoryInput,
  subcategories: z.array(z.string().trim().min(1).max(80)).max(20).optional(),
  value: poundsSchema.nullable().optional().describe('Price or value in pounds (2 decimals)'),
  valuePence: penceSchema.nullable().optional().describe('Price or value in pence'),
  quantity: z.number().int('Whole units only').min(0).max(1_000_000_000).nullable().optional(),
  budget: poundsSchema.nullable().optional().describe('Budget in pounds (2 decimals)'),
  budgetPence: penceSchema.nullable().optional().describe('Budget in pence'),
  leadTime: z.number().int('Whole days').min(0).max(3650).nullable().optional().describe('Lead time in days'),
  region: regionInput.nullable().optional(),
  availability: z.enum(AVAILABILITIES).optional(),
  paymentTerms: nullableText(200).optional(),
  insurance: nullableText(200).optional(),
  supplierType: nullableText(100).optional(),
  warrantyRequirement: z.boolean().nullable().optional(),
  rebate: z.boolean().nullable().optional(),
  attachments: z.array(attachmentSchema).max(20).optional(),
  supportingDocumentIds: z
    .array(z.string().trim().min(1).max(2048))
    .max(20)
    .optional()
    .describe('Stored file URLs or keys'),
});

type Ctx = z.core.$RefinementCtx;
/** Cross-field rules: subcategories belong to the category; pounds and pence agree. */
export function checkListing(
  v: {
    category?: string;
    subcategories?: string[];
    value?: number | null;
    valuePence?: number | null;
    budget?: number | null;
    budgetPence?: number | null;
  },
  ctx: Ctx,
) {
  if (v.category && v.subcategories) {
    v.subcategories = [...new Set(v.subcategories.map((s) => normaliseSubcategory(v.category!, s)))];
    v.subcategories.forEach((s, i) => {
      if (!isSubcategoryOf(v.category!, s)) {
        ctx.addIssue({
          code: 'custom',
          path: ['subcategories', i],
          message: `"${s}" is not a subcategory of this category`,
        });
      }
    });
  }
  for (const [pounds, pence] of [
    ['value', 'valuePence'],
    ['budget', 'budgetPence'],
  ] as const) {
    const a = v[pounds];
    const b = v[pence];
    if (a != null && b != null && Math.round(a * 100) !== b) {
      ctx.addIssue({ code: 'custom', path: [pounds], message: `${pounds} and ${pence} disagree` });
    }
  }
}

export { shortText, stringList };

/** List query parts shared by both lists. */
export const listingQueryBase = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z
    .string()
    .max(200)
    .optional()
    // control characters (NUL above all) cannot go into a PostgreSQL text parameter: drop them
    .transform((v) => v?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() || undefined)
    .describe('Text search over title, category, description and specifications'),
  category: z.string().trim().max(80).transform(normaliseCategory).pipe(z.enum(CATEGORY_KEYS)).optional(),
  subcategory: z.string().trim().max(80).optional(),
  region: z.string().trim().max(80).transform(normaliseRegion).pipe(z.enum(REGION_KEYS)).optional(),
  availability: z.enum(AVAILABILITIES).optional(),
});

/** Pounds in a query string (e.g. minBudget=2500.50). */
export const poundsQuery = z.coerce
  .number()
  .min(0)
  .max(MAX_PENCE / 100)
  .optional();

/** The stored shape as answered (both money forms). */
export const listingOutputFields = {
  id: z.uuid(),
  userId: z.uuid(),
  user: z.object({ companyName: z.string() }),
  title: z.string(),
  description: z.string(),
  specifications: z.string().nullable(),
  category: z.string(),
  subcategories: z.array(z.string()),
  value: z.number().nullable().describe('Pounds'),
  valuePence: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  budget: z.number().nullable().describe('Pounds'),
  budgetPence: z.number().int().nullable(),
  currency: z.literal('GBP'),
  leadTime: z.number().int().nullable().describe('Days'),
  region: z.string().nullable(),
  availability: z.enum(AVAILABILITIES),
  paymentTerms: z.string().nullable(),
  insurance: z.string().nullable(),
  supplierType: z.string().nullable(),
  warrantyRequirement: z.boolean().nullable(),
  rebate: z.boolean().nullable(),
  attachments: z.array(attachmentSchema),
  supportingDocumentIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
};
