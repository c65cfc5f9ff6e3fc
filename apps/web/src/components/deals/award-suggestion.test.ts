import { describe, expect, it } from 'vitest';
import type { CatalogueItem, Match, TenderResponse } from '@brickyard/shared';
import { itemOptions, suggestValue, type AwardContext } from './award-suggestion';

const SUPPLIER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const item = (id: string, valuePence: number | null) => ({ id, title: id, valuePence }) as unknown as CatalogueItem;
const match = (id: string, userId: string, score: number) =>
  ({ score, counterpart: { kind: 'catalogue_item', id, userId } }) as unknown as Match;
const response = (supplierId: string, status: string, totalPence: number) =>
  ({ supplier: { id: supplierId }, status, totalPence }) as unknown as TenderResponse;

const ctx = (over: Partial<AwardContext> = {}): AwardContext => ({
  tender: { quantity: 40, budgetPence: 5_000_000 },
  supplierId: SUPPLIER,
  items: [item('plain', 900), item('good', 115_000), item('best', 120_000)],
  matches: [match('good', SUPPLIER, 70), match('best', SUPPLIER, 91), match('plain', OTHER, 99)],
  responses: [],
  ...over,
});

describe('award dialog: the items matched to the tender come first', () => {
  it("orders the supplier's matched items by score, then the rest; another supplier's match does not count", () => {
    expect(itemOptions(ctx()).map((o) => [o.item.id, o.score])).toEqual([
      ['best', 91],
      ['good', 70],
      ['plain', null],
    ]);
  });
});

describe('award dialog: the suggested contract value', () => {
  it("is the chosen item's unit price × the tender's quantity", () => {
    expect(suggestValue(ctx(), 'good')).toEqual({
      pence: 4_600_000,
      hint: 'Suggested £46,000: £1,150 per unit × 40 (the tender’s quantity)',
    });
  });
  it('is the budget when no item is chosen or the tender states no quantity (one unit is no contract value)', () => {
    expect(suggestValue(ctx(), '')?.pence).toBe(5_000_000);
    expect(suggestValue(ctx({ tender: { quantity: null, budgetPence: 4_800_000 } }), 'good')).toEqual({
      pence: 4_800_000,
      hint: 'The tender budget is £48,000 (it states no quantity to multiply £1,150 by)',
    });
  });
  it("is the item's price when the tender states neither quantity nor budget, and nothing without an item", () => {
    expect(suggestValue(ctx({ tender: { quantity: null, budgetPence: null } }), 'good')?.pence).toBe(115_000);
    expect(suggestValue(ctx({ tender: { quantity: null, budgetPence: null } }), '')).toBeNull();
  });
  it("is the supplier's response total when they priced the tender (a withdrawn response is no offer)", () => {
    expect(suggestValue(ctx({ responses: [response(SUPPLIER, 'submitted', 4_321_000)] }), 'good')?.pence).toBe(
      4_321_000,
    );
    expect(suggestValue(ctx({ responses: [response(SUPPLIER, 'withdrawn', 1)] }), 'good')?.pence).toBe(4_600_000);
    expect(suggestValue(ctx({ responses: [response(OTHER, 'submitted', 1)] }), 'good')?.pence).toBe(4_600_000);
  });
});
