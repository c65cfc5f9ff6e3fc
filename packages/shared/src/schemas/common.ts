import { z } from 'zod';

export const uuidSchema = z.uuid();
export const idParamsSchema = z.object({ id: z.uuid() });

/** Query string numbers arrive as text; coerce within bounds. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}
export function pageOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.array(schema), meta: pageMetaSchema });
}

export const okSchema = z.object({ data: z.object({ ok: z.literal(true) }) });

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
  }),
});

/** Trimmed, non-empty single-line text with a maximum length. */
export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * Dates a person means, 1900 to 2999. The ISO formats alone let through year 0000, which
 * PostgreSQL refuses (there is no year 0), so such a date failed deep in a query as a 500.
 * Every date of the contract goes through these two.
 */
const MIN_YEAR = 1900;
const MAX_YEAR = 2999;
export const yearInRange = (s: string) => {
  const year = Number(s.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};
export const yearMessage = `Use a year between ${MIN_YEAR} and ${MAX_YEAR}`;
export const isoDate = (message?: string) =>
  z.iso.date(message ? { message } : undefined).refine(yearInRange, yearMessage);
export const isoDateTime = () => z.iso.datetime({ offset: true }).refine(yearInRange, yearMessage);
