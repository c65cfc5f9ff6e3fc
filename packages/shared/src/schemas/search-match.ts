import { z } from 'zod';

/**
 * Why a search hit is there (docs/search.md): the query words it holds, its title and a passage
 * with those words marked, and how its CPV codes sit to the codes the query was read as.
 */
export const CPV_LEVELS = ['code', 'class', 'group', 'division'] as const;
export type CpvLevel = (typeof CPV_LEVELS)[number];

/** A run of text, `hit` when it is a matched word. Rendered as text, never as HTML. */
export const markedTextSchema = z.array(z.object({ text: z.string(), hit: z.boolean() }));
export type MarkedText = z.infer<typeof markedTextSchema>;

export const cpvCodeSchema = z.object({ code: z.string(), label: z.string() });
export type CpvCode = z.infer<typeof cpvCodeSchema>;

export const searchMatchSchema = z.object({
  /** the query's words this hit holds, as typed */
  words: z.array(z.string()),
  title: markedTextSchema,
  snippet: markedTextSchema,
  cpv: z
    .object({
      code: z.string(),
      label: z.string(),
      level: z.enum(CPV_LEVELS),
      /** the code the query was read as that this hit shares a level with */
      queryCode: z.string(),
      queryLabel: z.string(),
    })
    .nullable(),
  /** one line for people: "Matches roof, repair · Same CPV class as Roof repair work (45261910)" */
  reason: z.string(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

/** What the engine understood of a query: the CPV codes it read, and spellings it corrected. */
export const queryReadingSchema = z.object({
  cpv: z.array(cpvCodeSchema.extend({ weight: z.number() })),
  corrections: z.array(z.object({ word: z.string(), to: z.string() })),
});
export type QueryReading = z.infer<typeof queryReadingSchema>;

/**
 * A CPV category the typed words mean, with how many notices of the feed it finds: `filter` is the
 * code itself when notices carry it, else its class (first four digits), so a click never filters
 * down to nothing.
 */
export const cpvSuggestionSchema = cpvCodeSchema.extend({ filter: z.string(), count: z.number().int() });
export type CpvSuggestion = z.infer<typeof cpvSuggestionSchema>;
export const cpvSuggestionsSchema = z.object({ data: z.array(cpvSuggestionSchema) });
export type CpvSuggestions = z.infer<typeof cpvSuggestionsSchema>;

export const cpvSuggestQuerySchema = z.object({
  q: z
    .string()
    .max(200)
    .transform((v) => v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()),
});
