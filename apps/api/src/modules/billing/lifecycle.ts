import {
  type BillingCycle,
  type PlanType,
  PLANS,
  classifyPlanChange,
  formatPostedDate,
  periodPricePence,
} from '@brickyard/shared';
import { addDays, addMonths, addYears } from 'date-fns';

/**
 * The subscription rules as pure functions of (subscription, now): what is in force, how a plan
 * change is classified and priced, and what the calendar does at a period end. The service and
 * the lifecycle job apply what these return; the unit tests call them with any `now`.
 * The rules are written down in README.md beside this file.
 */

export interface SubscriptionState {
  plan: PlanType;
  cycle: BillingCycle;
  status: 'active' | 'past_due' | 'cancelled' | 'expired';
  provider: string;
  pricePaidPence: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  scheduledPlan: PlanType | null;
  scheduledCycle: BillingCycle | null;
  graceUntil: Date | null;
  creditPence: number;
}

/**
 * In force = gives access: active or past_due until the period end, and a past_due one also
 * until its grace period ends. db/access-sql.ts `activeSubscriptionSql` is the same rule in SQL.
 */
export function isInForce(
  s: Pick<SubscriptionState, 'status' | 'currentPeriodEnd' | 'graceUntil'>,
  now: Date,
): boolean {
  if (s.status !== 'active' && s.status !== 'past_due') return false;
  if (s.currentPeriodEnd > now) return true;
  return s.status === 'past_due' && !!s.graceUntil && s.graceUntil > now;
}

export const periodEndFrom = (start: Date, cycle: BillingCycle) =>
  cycle === 'yearly' ? addYears(start, 1) : addMonths(start, 1);

/** The one rule of upgrade vs downgrade, shared with the billing page. */
export const classifyChange = classifyPlanChange;

/** The value of the part of the current period not yet used, pro rata by time, in pence. */
export function unusedCreditPence(
  s: Pick<SubscriptionState, 'pricePaidPence' | 'currentPeriodStart' | 'currentPeriodEnd'>,
  now: Date,
): number {
  const total = s.currentPeriodEnd.getTime() - s.currentPeriodStart.getTime();
  const left = s.currentPeriodEnd.getTime() - now.getTime();
  if (total <= 0 || left <= 0) return 0;
  return Math.max(0, Math.min(s.pricePaidPence, Math.round((s.pricePaidPence * left) / total)));
}

export interface InvoiceDraftLine {
  description: string;
  amountPence: number;
}

export interface InvoiceDraft {
  lines: InvoiceDraftLine[];
  netPence: number;
  /** credit left on the account after this invoice */
  creditLeftPence: number;
}

/** Invoice line dates are UK calendar days, whatever the server's time zone. */
export const periodLabel = (start: Date, end: Date) => `${formatPostedDate(start)} – ${formatPostedDate(end)}`;

export function planLine(plan: PlanType, cycle: BillingCycle, start: Date, end: Date, suffix = ''): string {
  return `Brickyard ${PLANS[plan].name}, ${cycle} (${periodLabel(start, end)})${suffix}`;
}

/** One period's invoice: the plan's price, less any account credit (never below zero). */
export function draftInvoice(
  priceLine: InvoiceDraftLine,
  creditPence: number,
  creditLabel = 'Account credit',
): InvoiceDraft {
  const applied = Math.min(Math.max(0, creditPence), Math.max(0, priceLine.amountPence));
  const lines = [priceLine];
  if (applied > 0) lines.push({ description: creditLabel, amountPence: -applied });
  return { lines, netPence: priceLine.amountPence - applied, creditLeftPence: Math.max(0, creditPence) - applied };
}

/**
 * Upgrade pricing (local provider): the new plan starts now with a full new period at the new
 * price; the unused part of the current period (pro rata by time) plus any credit already held
 * is taken off, and what the invoice cannot absorb stays as credit for the next invoices.
 */
export function upgradeInvoice(s: SubscriptionState, to: { plan: PlanType; cycle: BillingCycle }, now: Date) {
  const price = periodPricePence(to.plan, to.cycle);
  if (price === null) throw new Error(`plan ${to.plan} has no self-service price`);
  const end = periodEndFrom(now, to.cycle);
  const unused = unusedCreditPence(s, now);
  const draft = draftInvoice(
    { description: planLine(to.plan, to.cycle, now, end), amountPence: price },
    s.creditPence + unused,
    `Credit for unused time on ${PLANS[s.plan].name}, ${s.cycle} (until ${formatPostedDate(s.currentPeriodEnd)})`,
  );
  return { periodStart: now, periodEnd: end, pricePence: price, ...draft };
}

export type LifecycleAction =
  | { kind: 'none' }
  | {
      kind: 'renew';
      plan: PlanType;
      cycle: BillingCycle;
      periodStart: Date;
      periodEnd: Date;
      /** the period's price (no promo); null = custom plan, no invoice */
      pricePence: number | null;
      invoice: InvoiceDraft | null;
    }
  | { kind: 'end'; status: 'cancelled' | 'expired'; reason: string };

/**
 * What the calendar does to a subscription at `now`:
 * - local provider, period over: cancelAtPeriodEnd → cancelled; otherwise renew for one more
 *   period from the old period end, on the scheduled plan/cycle if any, at the plain price
 *   (EARLYBIRD was for the first month only), less account credit;
 * - a provider that bills itself (Stripe): past_due beyond its grace period → expired; a
 *   cancel-at-period-end whose period is over → cancelled (Stripe's own event normally comes first).
 */
export function lifecycleStep(s: SubscriptionState, now: Date): LifecycleAction {
  if (s.status !== 'active' && s.status !== 'past_due') return { kind: 'none' };
  if (s.provider === 'local') {
    if (s.currentPeriodEnd > now) return { kind: 'none' };
    if (s.cancelAtPeriodEnd) return { kind: 'end', status: 'cancelled', reason: 'cancelled at period end' };
    const plan = s.scheduledPlan ?? s.plan;
    const cycle = s.scheduledCycle ?? s.cycle;
    const start = s.currentPeriodEnd;
    const end = periodEndFrom(start, cycle);
    const price = periodPricePence(plan, cycle);
    const invoice =
      price === null
        ? null
        : draftInvoice({ description: planLine(plan, cycle, start, end), amountPence: price }, s.creditPence);
    return { kind: 'renew', plan, cycle, periodStart: start, periodEnd: end, pricePence: price, invoice };
  }
  if (s.status === 'past_due' && s.graceUntil && s.graceUntil <= now && s.currentPeriodEnd <= now) {
    return { kind: 'end', status: 'expired', reason: 'payment failed and the grace period is over' };
  }
  if (s.cancelAtPeriodEnd && s.currentPeriodEnd <= now) {
    return { kind: 'end', status: 'cancelled', reason: 'cancelled at period end' };
  }
  return { kind: 'none' };
}

export const graceUntilFrom = (failedAt: Date, graceDays: number) => addDays(failedAt, graceDays);
