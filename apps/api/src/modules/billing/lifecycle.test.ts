import { describe, expect, it } from 'vitest';
import {
  classifyChange,
  isInForce,
  lifecycleStep,
  unusedCreditPence,
  upgradeInvoice,
  type SubscriptionState,
} from './lifecycle.ts';
import { quotaLimit, quotaMonth } from './quota.service.ts';

const d = (s: string) => new Date(s);
const sub = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  plan: 'CORE',
  cycle: 'monthly',
  status: 'active',
  provider: 'local',
  pricePaidPence: 9900,
  currentPeriodStart: d('2025-03-10T09:00:00Z'),
  currentPeriodEnd: d('2025-04-10T09:00:00Z'),
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
  scheduledCycle: null,
  graceUntil: null,
  creditPence: 0,
  ...over,
});

describe('docs/product.md §9 subscription lifecycle by the calendar (pure rules)', () => {
  it('in force: active/past_due until the period end; past_due also until the grace period ends', () => {
    expect(isInForce(sub(), d('2025-04-10T08:59:59Z'))).toBe(true);
    expect(isInForce(sub(), d('2025-04-10T09:00:00Z'))).toBe(false);
    expect(isInForce(sub({ status: 'cancelled' }), d('2025-03-20T00:00:00Z'))).toBe(false);
    const pastDue = sub({ status: 'past_due', graceUntil: d('2025-04-17T09:00:00Z') });
    expect(isInForce(pastDue, d('2025-04-15T00:00:00Z'))).toBe(true);
    expect(isInForce(pastDue, d('2025-04-17T09:00:01Z'))).toBe(false);
  });

  it('nothing happens before the period end', () => {
    expect(lifecycleStep(sub(), d('2025-04-10T08:00:00Z'))).toEqual({ kind: 'none' });
  });

  it('renews a local subscription at the period end for one more month at the plain price (EARLYBIRD not applied again)', () => {
    const step = lifecycleStep(
      sub({ promoCode: 'EARLYBIRD', pricePaidPence: 6930 } as Partial<SubscriptionState>),
      d('2025-04-10T09:00:00Z'),
    );
    expect(step).toMatchObject({ kind: 'renew', plan: 'CORE', cycle: 'monthly', pricePence: 9900 });
    if (step.kind !== 'renew') throw new Error('expected renew');
    expect(step.periodStart.toISOString()).toBe('2025-04-10T09:00:00.000Z');
    expect(step.periodEnd.toISOString()).toBe('2025-05-10T09:00:00.000Z');
    expect(step.invoice).toMatchObject({ netPence: 9900, creditLeftPence: 0 });
  });

  it('applies a scheduled downgrade at renewal: Growth yearly → Core monthly', () => {
    const s = sub({
      plan: 'GROWTH',
      cycle: 'yearly',
      pricePaidPence: 322920,
      scheduledPlan: 'CORE',
      scheduledCycle: 'monthly',
      currentPeriodEnd: d('2026-03-10T09:00:00Z'),
    });
    const step = lifecycleStep(s, d('2026-03-10T10:00:00Z'));
    expect(step).toMatchObject({ kind: 'renew', plan: 'CORE', cycle: 'monthly', pricePence: 9900 });
  });

  it('renews a yearly plan at £1,609.20 (Core) and takes account credit off the invoice', () => {
    const step = lifecycleStep(sub({ cycle: 'yearly', creditPence: 10000 }), d('2025-04-11T00:00:00Z'));
    if (step.kind !== 'renew') throw new Error('expected renew');
    expect(step.pricePence).toBe(160920);
    expect(step.invoice).toMatchObject({ netPence: 150920, creditLeftPence: 0 });
    expect(step.invoice!.lines.map((l) => l.amountPence)).toEqual([160920, -10000]);
    expect(step.periodEnd.toISOString()).toBe('2026-04-10T09:00:00.000Z');
  });

  it('ends a cancelled local subscription at its period end instead of renewing', () => {
    expect(lifecycleStep(sub({ cancelAtPeriodEnd: true }), d('2025-04-10T09:00:00Z'))).toMatchObject({
      kind: 'end',
      status: 'cancelled',
    });
  });

  it('Stripe: past_due beyond the grace period expires; within it, nothing; renewals are left to Stripe', () => {
    const s = sub({ provider: 'stripe', status: 'past_due', graceUntil: d('2025-04-17T09:00:00Z') });
    expect(lifecycleStep(s, d('2025-04-16T00:00:00Z'))).toEqual({ kind: 'none' });
    expect(lifecycleStep(s, d('2025-04-17T09:00:00Z'))).toMatchObject({ kind: 'end', status: 'expired' });
    expect(lifecycleStep(sub({ provider: 'stripe' }), d('2025-04-11T00:00:00Z'))).toEqual({ kind: 'none' });
  });

  it('classifies plan changes: higher plan or longer cycle = upgrade; lower plan or shorter cycle = downgrade', () => {
    expect(classifyChange({ plan: 'CORE', cycle: 'monthly' }, { plan: 'GROWTH', cycle: 'monthly' })).toBe('upgrade');
    expect(classifyChange({ plan: 'CORE', cycle: 'monthly' }, { plan: 'CORE', cycle: 'yearly' })).toBe('upgrade');
    expect(classifyChange({ plan: 'CORE', cycle: 'yearly' }, { plan: 'GROWTH', cycle: 'monthly' })).toBe('upgrade');
    expect(classifyChange({ plan: 'GROWTH', cycle: 'monthly' }, { plan: 'CORE', cycle: 'monthly' })).toBe('downgrade');
    expect(classifyChange({ plan: 'GROWTH', cycle: 'yearly' }, { plan: 'GROWTH', cycle: 'monthly' })).toBe('downgrade');
    expect(classifyChange({ plan: 'GROWTH', cycle: 'monthly' }, { plan: 'CORE', cycle: 'yearly' })).toBe('downgrade');
    expect(classifyChange({ plan: 'CORE', cycle: 'monthly' }, { plan: 'CORE', cycle: 'monthly' })).toBe('same');
  });

  it('upgrade proration: a new period from now at the new price, less the unused part of the old period', () => {
    // Core monthly (£99) paid 10 Mar–10 Apr 2025 (31 days); upgrade to Growth after 15.5 days: half unused.
    const now = d('2025-03-25T21:00:00Z');
    expect(unusedCreditPence(sub(), now)).toBe(4950);
    const inv = upgradeInvoice(sub(), { plan: 'GROWTH', cycle: 'monthly' }, now);
    expect(inv).toMatchObject({ pricePence: 19900, netPence: 14950, creditLeftPence: 0 });
    expect(inv.periodEnd.toISOString()).toBe('2025-04-25T21:00:00.000Z');
    // Core yearly → Growth monthly early in the year: the credit exceeds a month and is kept.
    const yearly = sub({ cycle: 'yearly', pricePaidPence: 160920, currentPeriodEnd: d('2026-03-10T09:00:00Z') });
    const big = upgradeInvoice(yearly, { plan: 'GROWTH', cycle: 'monthly' }, d('2025-03-10T09:00:00Z'));
    expect(big).toMatchObject({ netPence: 0, creditLeftPence: 160920 - 19900 });
  });
});

describe('docs/product.md §9 quotas: limits per plan and calendar month', () => {
  it('Core: 5 uploads and 5 Bid Assist a month; Growth and Partner unlimited; no plan counts as Core', () => {
    expect(quotaLimit('CORE', 'uploads')).toBe(5);
    expect(quotaLimit('CORE', 'bid_assist')).toBe(5);
    expect(quotaLimit('GROWTH', 'uploads')).toBeNull();
    expect(quotaLimit('PARTNER', 'bid_assist')).toBeNull();
    expect(quotaLimit(null, 'uploads')).toBe(5);
  });

  it('the month is the UK calendar month (Europe/London), so 00:30 BST on 1 June counts in June', () => {
    expect(quotaMonth(d('2025-05-31T23:30:00Z'))).toBe('2025-06');
    expect(quotaMonth(d('2025-12-31T23:30:00Z'))).toBe('2025-12');
    expect(quotaMonth(d('2026-01-01T00:00:00Z'))).toBe('2026-01');
  });
});
