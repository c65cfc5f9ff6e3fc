import { z } from 'zod';
import {
  checkListing,
  listingFieldsSchema,
  listingOutputFields,
  listingQueryBase,
  poundsQuery,
  stringList,
} from './listing.ts';

const catalogueExtras = {
  certifications: stringList(30, 100).optional(),
  deliveryLocations: stringList(30, 100).optional().describe('Regions or places delivered to'),
};

/** POST /api/catalogue and /api/product: a price (value or valuePence) is required. */
export const createCatalogueItemBodySchema = listingFieldsSchema
  .extend(catalogueExtras)
  .superRefine(checkListing)
  .superRefine((v, ctx) => {
    if (v.value == null && v.valuePence == null) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a price' });
    }
  });
export type CreateCatalogueItemBody = z.infer<typeof createCatalogueItemBodySchema>;
/** What a client sends to create or update a catalogue item: the schema's input. */
export type CatalogueBody = z.input<typeof createCatalogueItemBodySchema>;

export const updateCatalogueItemBodySchema = listingFieldsSchema
  .partial()
  .extend(catalogueExtras)
  .superRefine(checkListing);
export type UpdateCatalogueItemBody = z.infer<typeof updateCatalogueItemBodySchema>;

export const catalogueItemSchema = z.object({
  ...listingOutputFields,
  certifications: z.array(z.string()),
  deliveryLocations: z.array(z.string()),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** `relevance` (the search engine's order) is the default when `q` is given, `newest` otherwise. */
export const CATALOGUE_SORTS = ['relevance', 'newest', 'oldest', 'price_asc', 'price_desc'] as const;
export const catalogueListQuerySchema = listingQueryBase.extend({
  minPrice: poundsQuery.describe('Pounds'),
  maxPrice: poundsQuery.describe('Pounds'),
  inStock: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('quantity above 0'),
  sort: z.enum(CATALOGUE_SORTS).optional(),
  scope: z
    .enum(['mine', 'all'])
    .optional()
    .describe("Suppliers: 'mine' (default) lists your own items, 'all' browses every supplier's catalogue"),
});
export type CatalogueListQuery = z.infer<typeof catalogueListQuerySchema>;

// ---- bulk import (POST /api/catalogue/import) -------------------------------------------------

/** At most this many data rows per file, and this many bytes. */
export const MAX_IMPORT_ROWS = 2000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/**
 * Columns of the import file, in template order. Headers match case-insensitively and ignore
 * spaces and punctuation; `aliases` are accepted too (e.g. "Price (£)" for value).
 * Lists (subcategories, certifications, deliveryLocations) are separated by ";" or "|".
 */
export const CATALOGUE_IMPORT_COLUMNS = [
  { field: 'title', required: true, aliases: ['name', 'product'] },
  { field: 'description', required: true, aliases: [] },
  { field: 'specifications', required: false, aliases: ['specs', 'specification'] },
  { field: 'category', required: true, aliases: [] },
  { field: 'subcategories', required: false, aliases: ['subcategory'] },
  { field: 'value', required: true, aliases: ['price', 'pricegbp', 'unitprice', 'pricepounds'] },
  { field: 'quantity', required: false, aliases: ['qty', 'stock'] },
  { field: 'budget', required: false, aliases: ['typicalordervalue', 'budgetgbp'] },
  { field: 'leadTime', required: false, aliases: ['leadtimedays', 'leadtimeindays'] },
  { field: 'region', required: false, aliases: [] },
  { field: 'availability', required: false, aliases: [] },
  { field: 'paymentTerms', required: false, aliases: [] },
  { field: 'insurance', required: false, aliases: [] },
  { field: 'supplierType', required: false, aliases: [] },
  { field: 'warrantyRequirement', required: false, aliases: ['warranty', 'warrantyrequired'] },
  { field: 'rebate', required: false, aliases: [] },
  { field: 'certifications', required: false, aliases: [] },
  { field: 'deliveryLocations', required: false, aliases: ['delivery'] },
] as const;
export type CatalogueImportField = (typeof CATALOGUE_IMPORT_COLUMNS)[number]['field'];

export const catalogueImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .describe('Validate only: nothing is created'),
});

export const importCellErrorSchema = z.object({
  column: z.string().describe('The column as named in the file (or the expected name when it is missing)'),
  message: z.string(),
});
export type ImportCellError = z.infer<typeof importCellErrorSchema>;

export const catalogueImportRowSchema = z.object({
  row: z.number().int().describe('Row number in the file; the header is row 1'),
  valid: z.boolean(),
  errors: z.array(importCellErrorSchema),
  item: z.record(z.string(), z.unknown()).describe('The item as parsed (what would be created when valid)'),
});
export type CatalogueImportRow = z.infer<typeof catalogueImportRowSchema>;

export const catalogueImportPreviewSchema = z.object({
  dryRun: z.literal(true),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  columns: z.array(z.string()).describe('Recognised columns'),
  ignoredColumns: z.array(z.string()),
  rows: z.array(catalogueImportRowSchema),
});
export type CatalogueImportPreview = z.infer<typeof catalogueImportPreviewSchema>;

export const catalogueImportResultSchema = z.object({
  dryRun: z.literal(false),
  created: z.number().int(),
  createdIds: z.array(z.uuid()),
  skipped: z.array(z.object({ row: z.number().int(), errors: z.array(importCellErrorSchema) })),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;
