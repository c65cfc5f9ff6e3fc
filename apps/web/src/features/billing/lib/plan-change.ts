import {
  BILLING_CYCLES,
  PLANS,
  PLAN_TYPES,
  classifyPlanChange,
  firstPeriodPricePence,
  periodPricePence,
  type BillingCycle,
  type BillingInfo,
  type PlanType,
} from '@brickyard/shared';

type Sub = NonNullable<BillingInfo['subscription']>;

/** How a change is applied: the server's own rule, from the shared package. */
export const classifyChange = classifyPlanChange;

/** The unused part of the current period, pro rata by time, plus any credit held (an estimate of the API's credit). */
export function estimatedCreditPence(sub: Sub, now = Date.now()): number {
  const start = Date.parse(sub.currentPeriodStart);
  const end = Date.parse(sub.currentPeriodEnd);
  const total = end - start;
  const left = end - now;
  const unused =
    total <= 0 || left <= 0
      ? 0
      : Math.max(0, Math.min(sub.pricePaidPence, Math.round((sub.pricePaidPence * left) / total)));
  return unused + (sub.creditPence ?? 0);
}

export type Quote =
  | { kind: 'start'; pricePence: number; promoPence: number; netPence: number }
  | { kind: 'upgrade'; pricePence: number; creditPence: number; netPence: number }
  | { kind: 'downgrade'; pricePence: number; effectiveAt: string }
  | { kind: 'same' };

/** What choosing `to` would cost now, as the billing page explains it before the user confirms. */
export function quoteFor(
  info: BillingInfo,
  to: { plan: PlanType; cycle: BillingCycle },
  promo: string | null,
): Quote | null {
  const price = periodPricePence(to.plan, to.cycle);
  if (price === null) return null;
  const sub = info.hasActiveSubscription ? info.subscription : null;
  if (!sub) {
    const net = firstPeriodPricePence(to.plan, to.cycle, promo) ?? price;
    return { kind: 'start', pricePence: price, promoPence: price - net, netPence: net };
  }
  const kind = classifyChange(sub, to);
  if (kind === 'same') return { kind: 'same' };
  if (kind === 'downgrade') return { kind: 'downgrade', pricePence: price, effectiveAt: sub.currentPeriodEnd };
  const credit = Math.min(price, estimatedCreditPence(sub));
  return { kind: 'upgrade', pricePence: price, creditPence: credit, netPence: price - credit };
}

function pick<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | null {
  const v = value?.trim();
  if (!v) return null;
  const hit = allowed.find((a) => a.toLowerCase() === v.toLowerCase());
  return hit ?? null;
}

/**
 * The plan and cycle the picker opens on. Without a subscription in force: the `plan`/`cycle` of
 * the address, else the choice made at signup (kept on the account). With one: the address, else
 * the remembered cycle (docs/product.md section 4), else the current plan and cycle.
 */
export function initialChoice(
  info: BillingInfo,
  params: URLSearchParams,
  rememberedCycle: BillingCycle | null,
): { plan: PlanType; cycle: BillingCycle } {
  const qPlan = pick(params.get('plan'), PLAN_TYPES);
  const qCycle = pick(params.get('cycle'), BILLING_CYCLES);
  const sub = info.hasActiveSubscription ? info.subscription : null;
  const plan = qPlan ?? sub?.plan ?? info.selectedPlan;
  const cycle = qCycle ?? (sub ? (rememberedCycle ?? sub.cycle) : info.selectedCycle);
  // Partner is arranged with the team, not bought here: fall back to Growth, the closest plan.
  return { plan: PLANS[plan].selfCheckout ? plan : 'GROWTH', cycle };
}
