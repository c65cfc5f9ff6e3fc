import { formatPence, type CatalogueItem, type Match, type TenderResponse } from '@brickyard/shared';

/** What the award dialog knows when it suggests a contract. */
export interface AwardContext {
  tender: { quantity: number | null; budgetPence: number | null } | undefined;
  supplierId: string;
  /** the supplier's catalogue */
  items: readonly CatalogueItem[];
  /** the tender's matches (GET /api/tender/matches/recommendations/{id}), any supplier */
  matches: readonly Match[];
  /** the tender's responses the buyer can see (none while sealed) */
  responses: readonly TenderResponse[];
}

export interface ItemOption {
  item: CatalogueItem;
  /** the matching engine's score against this tender, when it matched */
  score: number | null;
}

/**
 * The supplier's items, those matched to this tender first (best score first), then the rest
 * in their own order: the contract is most likely for one the matching engine found.
 */
export function itemOptions(ctx: Pick<AwardContext, 'supplierId' | 'items' | 'matches'>): ItemOption[] {
  const scores = new Map<string, number>();
  for (const m of ctx.matches) {
    if (m.counterpart.kind === 'catalogue_item' && m.counterpart.userId === ctx.supplierId)
      scores.set(m.counterpart.id, Math.max(m.score, scores.get(m.counterpart.id) ?? 0));
  }
  const options = ctx.items.map((item) => ({ item, score: scores.get(item.id) ?? null }));
  return [
    ...options.filter((o) => o.score !== null).sort((a, b) => b.score! - a.score!),
    ...options.filter((o) => o.score === null),
  ];
}

/** The supplier's live response to the tender (a draft or a withdrawn one is no offer). */
export function responseOf(ctx: Pick<AwardContext, 'supplierId' | 'responses'>): TenderResponse | null {
  return (
    ctx.responses.find(
      (r) =>
        r.supplier.id === ctx.supplierId &&
        (r.status === 'submitted' || r.status === 'shortlisted' || r.status === 'awarded'),
    ) ?? null
  );
}

export interface ValueSuggestion {
  pence: number;
  /** says where the figure comes from, under the value field */
  hint: string;
}

/**
 * The contract value to pre-fill: the supplier's response total when they priced the tender;
 * else the chosen item's unit price × the tender's quantity; else (no item, or no quantity) the
 * tender's budget; else the item's price. Null when there is nothing to go on. The buyer may edit it.
 */
export function suggestValue(ctx: AwardContext, itemId: string): ValueSuggestion | null {
  const response = responseOf(ctx);
  if (response)
    return {
      pence: response.totalPence,
      hint: `Suggested ${formatPence(response.totalPence)}: their response’s total`,
    };
  const item = ctx.items.find((i) => i.id === itemId);
  const qty = ctx.tender?.quantity;
  const budget = ctx.tender?.budgetPence ?? null;
  if (item?.valuePence != null && qty && qty > 0) {
    const pence = item.valuePence * qty;
    return {
      pence,
      hint: `Suggested ${formatPence(pence)}: ${formatPence(item.valuePence)} per unit × ${qty.toLocaleString('en-GB')} (the tender’s quantity)`,
    };
  }
  // No quantity to multiply by: one unit's price is no contract value; the budget says more.
  if (budget != null)
    return {
      pence: budget,
      hint:
        item?.valuePence != null
          ? `The tender budget is ${formatPence(budget)} (it states no quantity to multiply ${formatPence(item.valuePence)} by)`
          : `The tender budget is ${formatPence(budget)}`,
    };
  if (item?.valuePence != null)
    return { pence: item.valuePence, hint: `Suggested ${formatPence(item.valuePence)}: the item’s price` };
  return null;
}
