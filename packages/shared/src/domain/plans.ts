/**
 * Plans of docs/product.md section 9, as data. Money is integer pence.
 * Yearly = list price × 12 less 10% (docs/design.md section 9), shown beside twelve monthly payments.
 */
export const PLAN_TYPES = ['CORE', 'GROWTH', 'PARTNER'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const DEFAULT_PLAN: PlanType = 'CORE';
export const DEFAULT_CYCLE: BillingCycle = 'monthly';
export const VAT_RATE = 0.2;
export const YEARLY_DISCOUNT = 0.1;

export interface PlanLimits {
  /** matches shown per tender or listing; null = unlimited */
  matchesPerItem: number | null;
  bidAssistPerMonth: number | null;
  uploadsPerMonth: number | null;
  liveFeed: boolean;
  prioritySupport: boolean;
}

export interface Plan {
  type: PlanType;
  name: string;
  /** list price per month in pence; null = custom */
  listPricePence: number | null;
  monthlyPricePence: number | null;
  selfCheckout: boolean;
  features: string[];
  limits: PlanLimits;
}

export const PLANS: Record<PlanType, Plan> = {
  CORE: {
    type: 'CORE',
    name: 'Core',
    listPricePence: 14900,
    monthlyPricePence: 9900,
    selfCheckout: true,
    features: ['3 matches per tender or listing', '5 Bid Assist submissions a month', '5 uploads a month'],
    limits: {
      matchesPerItem: 3,
      bidAssistPerMonth: 5,
      uploadsPerMonth: 5,
      liveFeed: false,
      prioritySupport: false,
    },
  },
  GROWTH: {
    type: 'GROWTH',
    name: 'Growth',
    listPricePence: 29900,
    monthlyPricePence: 19900,
    selfCheckout: true,
    features: ['Unlimited uploads and matches', 'Live tender feed', 'Priority support within 24 hours'],
    limits: {
      matchesPerItem: null,
      bidAssistPerMonth: null,
      uploadsPerMonth: null,
      liveFeed: true,
      prioritySupport: true,
    },
  },
  PARTNER: {
    type: 'PARTNER',
    name: 'Partner',
    listPricePence: null,
    monthlyPricePence: null,
    selfCheckout: false,
    features: ['Everything in Growth', 'A tailored package for your organisation', 'Book a meeting with us'],
    limits: {
      matchesPerItem: null,
      bidAssistPerMonth: null,
      uploadsPerMonth: null,
      liveFeed: true,
      prioritySupport: true,
    },
  },
};

export const PROMO_CODES = {
  EARLYBIRD: { code: 'EARLYBIRD', percentOff: 30, appliesTo: 'first_month' as const },
} as const;
export type PromoCode = keyof typeof PROMO_CODES;
export const PROMO_BANNER = 'Save 30% on your first month with the code EARLYBIRD';

export function isPromoCode(code: string): code is PromoCode {
  return Object.hasOwn(PROMO_CODES, code.trim().toUpperCase());
}

/** Price of one billing period in pence, before VAT; null for custom plans. */
export function periodPricePence(plan: PlanType, cycle: BillingCycle): number | null {
  const p = PLANS[plan];
  if (cycle === 'monthly') return p.monthlyPricePence;
  if (p.listPricePence === null) return null;
  return Math.round(p.listPricePence * 12 * (1 - YEARLY_DISCOUNT));
}

/** First-period price with a promo applied (EARLYBIRD: 30% off the first month). */
export function firstPeriodPricePence(plan: PlanType, cycle: BillingCycle, promo?: string | null): number | null {
  const base = periodPricePence(plan, cycle);
  if (base === null) return null;
  if (!promo || !isPromoCode(promo)) return base;
  const { percentOff } = PROMO_CODES[promo.trim().toUpperCase() as PromoCode];
  if (cycle === 'monthly') return Math.round(base * (1 - percentOff / 100));
  // On a yearly plan the first month's share of the year is discounted.
  const monthShare = base / 12;
  return Math.round(base - monthShare * (percentOff / 100));
}

export function vatPence(netPence: number): number {
  return Math.round(netPence * VAT_RATE);
}

const PLAN_RANK: Record<PlanType, number> = { CORE: 1, GROWTH: 2, PARTNER: 3 };
const CYCLE_RANK: Record<BillingCycle, number> = { monthly: 1, yearly: 2 };

export type PlanChange = 'same' | 'upgrade' | 'downgrade';

/**
 * How a change of plan or cycle is applied, by the server and as the billing page explains it:
 * upgrade (at once): a higher plan, or the same plan on a longer cycle (monthly → yearly);
 * downgrade (at the period end): a lower plan, or the same plan on a shorter cycle.
 */
export function classifyPlanChange(
  from: { plan: PlanType; cycle: BillingCycle },
  to: { plan: PlanType; cycle: BillingCycle },
): PlanChange {
  if (from.plan === to.plan && from.cycle === to.cycle) return 'same';
  if (PLAN_RANK[to.plan] > PLAN_RANK[from.plan]) return 'upgrade';
  if (to.plan === from.plan && CYCLE_RANK[to.cycle] > CYCLE_RANK[from.cycle]) return 'upgrade';
  return 'downgrade';
}
