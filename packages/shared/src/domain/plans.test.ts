import { describe, expect, it } from 'vitest';
import {
  type BillingCycle,
  DEFAULT_CYCLE,
  DEFAULT_PLAN,
  firstPeriodPricePence,
  isPromoCode,
  periodPricePence,
  type PlanType,
  PLANS,
  PROMO_BANNER,
  vatPence,
} from './plans.ts';

describe('docs/product.md §9 plans and prices', () => {
  it('monthly prices are £99 (Core) and £199 (Growth); Partner is custom', () => {
    expect(periodPricePence('CORE', 'monthly')).toBe(9900);
    expect(periodPricePence('GROWTH', 'monthly')).toBe(19900);
    expect(periodPricePence('PARTNER', 'monthly')).toBeNull();
    expect(PLANS.PARTNER.selfCheckout).toBe(false);
  });

  it('yearly = list price × 12 less 10%: Core £1,609.20, Growth £3,229.20', () => {
    expect(periodPricePence('CORE', 'yearly')).toBe(160920);
    expect(periodPricePence('GROWTH', 'yearly')).toBe(322920);
    expect(periodPricePence('PARTNER', 'yearly')).toBeNull();
  });

  it('EARLYBIRD takes 30% off the first month: Core £69.30, Growth £139.30', () => {
    expect(firstPeriodPricePence('CORE', 'monthly', 'EARLYBIRD')).toBe(6930);
    expect(firstPeriodPricePence('GROWTH', 'monthly', 'earlybird')).toBe(13930);
    expect(firstPeriodPricePence('CORE', 'monthly', null)).toBe(9900);
    // on a yearly plan, the first month's twelfth of the year is discounted
    expect(firstPeriodPricePence('CORE', 'yearly', 'EARLYBIRD')).toBe(160920 - Math.round(13410 * 0.3));
    expect(isPromoCode('EARLYBIRD')).toBe(true);
    expect(isPromoCode('FREE')).toBe(false);
  });

  it('VAT is 20%', () => {
    expect(vatPence(9900)).toBe(1980);
    expect(vatPence(6930)).toBe(1386);
  });

  it('Core limits: 3 matches, 5 bid assist, 5 uploads, no live feed; Growth unlimited with feed', () => {
    expect(PLANS.CORE.limits).toMatchObject({
      matchesPerItem: 3,
      bidAssistPerMonth: 5,
      uploadsPerMonth: 5,
      liveFeed: false,
    });
    expect(PLANS.GROWTH.limits).toMatchObject({
      matchesPerItem: null,
      bidAssistPerMonth: null,
      uploadsPerMonth: null,
      liveFeed: true,
    });
  });
});

describe('docs/product.md §9 every price, with VAT at 20%', () => {
  // plan, cycle, promo → net, VAT, total in pence
  const table: Array<[PlanType, BillingCycle, string | null, number, number, number]> = [
    ['CORE', 'monthly', null, 9900, 1980, 11880],
    ['GROWTH', 'monthly', null, 19900, 3980, 23880],
    ['CORE', 'yearly', null, 160920, 32184, 193104],
    ['GROWTH', 'yearly', null, 322920, 64584, 387504],
    ['CORE', 'monthly', 'EARLYBIRD', 6930, 1386, 8316],
    ['GROWTH', 'monthly', 'EARLYBIRD', 13930, 2786, 16716],
    // yearly: 30% off the first month's twelfth of the year (Core £40.23, Growth £80.73 off)
    ['CORE', 'yearly', 'EARLYBIRD', 156897, 31379, 188276],
    ['GROWTH', 'yearly', 'EARLYBIRD', 314847, 62969, 377816],
  ];
  it.each(table)('%s %s %s: net %i + VAT %i = %i', (plan, cycle, promo, net, vat, total) => {
    const first = firstPeriodPricePence(plan, cycle, promo);
    expect(first).toBe(net);
    expect(vatPence(first!)).toBe(vat);
    expect(first! + vatPence(first!)).toBe(total);
  });

  it('yearly is the list price × 12 less 10%, which is more than twelve monthly payments (DESIGN §9)', () => {
    expect(periodPricePence('CORE', 'yearly')).toBe(Math.round(14900 * 12 * 0.9));
    expect(periodPricePence('CORE', 'yearly')!).toBeGreaterThan(12 * periodPricePence('CORE', 'monthly')!);
  });

  it('Partner has no self-service price, with or without a promo; unknown codes give no discount', () => {
    expect(firstPeriodPricePence('PARTNER', 'monthly', 'EARLYBIRD')).toBeNull();
    expect(firstPeriodPricePence('PARTNER', 'yearly', null)).toBeNull();
    expect(firstPeriodPricePence('CORE', 'monthly', 'SPRING50')).toBe(9900);
    expect(isPromoCode(' earlybird ')).toBe(true);
  });

  it('default plan is CORE, default cycle monthly; the promo banner names EARLYBIRD', () => {
    expect(DEFAULT_PLAN).toBe('CORE');
    expect(DEFAULT_CYCLE).toBe('monthly');
    expect(PROMO_BANNER).toBe('Save 30% on your first month with the code EARLYBIRD');
  });
});
