import { addDays } from 'date-fns';
import { formatPence, formatPostedDate } from '../format/index.ts';
import type { CompareSort, RequirementAnswer, TenderResponse } from '../schemas/response.ts';

/**
 * The buyer's side-by-side comparison of tender responses, shared by the web view and the
 * server's CSV and PDF exports so all three mark the same cells and say the same words.
 */

export const ANSWER_LABELS: Record<RequirementAnswer, string> = {
  meets: 'Meets',
  partly: 'Partly',
  does_not: 'Does not meet',
};
/** How far an answer goes towards the requirement, for "best in the row". */
const ANSWER_RANK: Record<RequirementAnswer, number> = { meets: 2, partly: 1, does_not: 0 };

/** Whole or fractional quantities as typed (1, 1.5, 12). */
export const quantityText = (q: number) => q.toLocaleString('en-GB', { maximumFractionDigits: 3 });

/** The ids holding the row's best value (ties all marked); none when fewer than two responses have a value or all are equal. */
function bestIds(
  rows: TenderResponse[],
  value: (r: TenderResponse) => number | null,
  better: 'low' | 'high',
): string[] {
  const valued = rows
    .map((r) => ({ id: r.id, v: value(r) }))
    .filter((x): x is { id: string; v: number } => x.v !== null);
  if (valued.length < 2) return [];
  const best = better === 'low' ? Math.min(...valued.map((x) => x.v)) : Math.max(...valued.map((x) => x.v));
  const ids = valued.filter((x) => x.v === best).map((x) => x.id);
  return ids.length === valued.length ? [] : ids;
}

export interface CompareBest {
  total: string[];
  leadTime: string[];
  validity: string[];
  match: string[];
  record: string[];
  /** per requirement key */
  requirements: Record<string, string[]>;
}

/** Which responses are best in each compared row: lowest total and lead time, longest validity, highest match score and record. */
export function compareBests(rows: TenderResponse[], requirementKeys: string[]): CompareBest {
  const answerOf = (r: TenderResponse, key: string) => r.requirementAnswers.find((a) => a.requirement === key)?.answer;
  return {
    total: bestIds(rows, (r) => r.totalPence, 'low'),
    leadTime: bestIds(rows, (r) => r.leadTimeDays, 'low'),
    validity: bestIds(rows, (r) => r.validityDays, 'high'),
    match: bestIds(rows, (r) => r.match?.score ?? null, 'high'),
    // fulfilled deals first, then the average review as the tie-break (fractions of a deal)
    record: bestIds(rows, (r) => r.supplier.fulfilledDeals + (r.supplier.reviews.average ?? 0) / 10, 'high'),
    requirements: Object.fromEntries(
      requirementKeys.map((k) => [
        k,
        bestIds(
          rows,
          (r) => {
            const a = answerOf(r, k);
            return a ? ANSWER_RANK[a] : null;
          },
          'high',
        ),
      ]),
    ),
  };
}

export const COMPARE_SORT_LABELS: Record<CompareSort, string> = {
  total: 'Lowest total',
  leadTime: 'Shortest lead time',
  match: 'Best match',
  record: 'Best record',
};

/** The responses in the chosen order (ties by total, then id, so the order is stable). */
export function sortResponses(rows: TenderResponse[], by: CompareSort): TenderResponse[] {
  const key = (r: TenderResponse): number => {
    if (by === 'leadTime') return r.leadTimeDays ?? Number.MAX_SAFE_INTEGER;
    if (by === 'match') return -(r.match?.score ?? -1);
    if (by === 'record') return -(r.supplier.fulfilledDeals + (r.supplier.reviews.average ?? 0) / 10);
    return r.totalPence;
  };
  return [...rows].sort((a, b) => key(a) - key(b) || a.totalPence - b.totalPence || a.id.localeCompare(b.id));
}

/** A line's price per unit, as compared across responses: "£12.50 / m²". */
export function unitPriceText(l: { unitPricePence: number; unit: string }): string {
  return `${formatPence(l.unitPricePence)} / ${l.unit}`;
}

/** The lead time against what the tender asked (its lead time, else its deadline). */
export function leadTimeVerdict(
  tender: { leadTime: number | null; deadline: string | null },
  days: number | null,
): { text: string; ok: boolean | null } {
  if (days === null) return { text: 'Not given', ok: null };
  if (tender.leadTime !== null) {
    const over = days - tender.leadTime;
    return over <= 0
      ? { text: `Within the ${tender.leadTime} days asked`, ok: true }
      : { text: `${over} days over the ${tender.leadTime} asked`, ok: false };
  }
  if (!tender.deadline) return { text: '', ok: null };
  return {
    text: `Delivers by ${formatPostedDate(addDays(new Date(tender.deadline), days))} if awarded at the deadline`,
    ok: null,
  };
}

/** The supplier's record in words: fulfilled deals and reviews. */
export function recordText(r: TenderResponse): string {
  const deals = `${r.supplier.fulfilledDeals} fulfilled ${r.supplier.fulfilledDeals === 1 ? 'deal' : 'deals'}`;
  const reviews = r.supplier.reviews.count
    ? `${r.supplier.reviews.average?.toLocaleString('en-GB', { maximumFractionDigits: 1 })}/5 from ${r.supplier.reviews.count} ${r.supplier.reviews.count === 1 ? 'review' : 'reviews'}`
    : 'no reviews yet';
  return `${deals}, ${reviews}`;
}
