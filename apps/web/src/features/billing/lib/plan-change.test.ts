import { describe, expect, it } from 'vitest';
import type { BillingInfo } from '@brickyard/shared';
import { classifyChange, initialChoice, quoteFor } from './plan-change';

const DAY = 86_400_000;

function info(
  over: Partial<BillingInfo> = {},
  sub: Partial<NonNullable<BillingInfo['subscription']>> | null = null,
): BillingInfo {
  const now = Date.now();
  return {
    selectedPlan: 'GROWTH',
    selectedCycle: 'yearly',
    hasActiveSubscription: !!sub,
    subscription: sub
      ? {
          plan: 'CORE',
          cycle: 'monthly',
          status: 'active',
          currentPeriodStart: new Date(now - 15 * DAY).toISOString(),
          currentPeriodEnd: new Date(now + 15 * DAY).toISOString(),
          cancelAtPeriodEnd: false,
          promoCode: null,
          pricePaidPence: 9900,
          creditPence: 0,
          ...sub,
        }
      : null,
    usage: { bidAssist: { used: 0, limit: 5 }, uploads: { used: 0, limit: 5 }, matchesPerItem: 3 },
    invoices: [],
    provider: 'local',
    ...over,
  };
}

describe('billing plan changes (docs/product.md §9; rules of apps/api/src/modules/billing/lifecycle.ts)', () => {
  it('classifies a higher plan or a longer cycle as an upgrade, anything else as a downgrade', () => {
    expect(classifyChange({ plan: 'CORE', cycle: 'monthly' }, { plan: 'GROWTH', cycle: 'monthly' })).toBe('upgrade');
    expect(classifyChange({ plan: 'CORE', cycle: 'monthly' }, { plan: 'CORE', cycle: 'yearly' })).toBe('upgrade');
    expect(classifyChange({ plan: 'GROWTH', cycle: 'monthly' }, { plan: 'CORE', cycle: 'yearly' })).toBe('downgrade');
    expect(classifyChange({ plan: 'GROWTH', cycle: 'yearly' }, { plan: 'GROWTH', cycle: 'monthly' })).toBe('downgrade');
    expect(classifyChange({ plan: 'CORE', cycle: 'yearly' }, { plan: 'CORE', cycle: 'yearly' })).toBe('same');
  });

  it('quotes a first subscription with EARLYBIRD: 30% off the first month of Growth yearly', () => {
    const q = quoteFor(info(), { plan: 'GROWTH', cycle: 'yearly' }, 'EARLYBIRD');
    expect(q).toEqual({ kind: 'start', pricePence: 322920, promoPence: 8073, netPence: 314847 });
    expect(quoteFor(info(), { plan: 'CORE', cycle: 'monthly' }, null)).toEqual({
      kind: 'start',
      pricePence: 9900,
      promoPence: 0,
      netPence: 9900,
    });
  });

  it('quotes an upgrade less about half the unused month, a downgrade from the period end', () => {
    const current = info({}, {});
    const up = quoteFor(current, { plan: 'GROWTH', cycle: 'monthly' }, null);
    expect(up?.kind).toBe('upgrade');
    if (up?.kind !== 'upgrade') return;
    expect(up.creditPence).toBeGreaterThan(4900);
    expect(up.creditPence).toBeLessThan(5000);
    expect(up.netPence).toBe(19900 - up.creditPence);
    const down = quoteFor(info({}, { plan: 'GROWTH' }), { plan: 'CORE', cycle: 'monthly' }, null);
    expect(down).toMatchObject({ kind: 'downgrade', pricePence: 9900 });
    expect(quoteFor(current, { plan: 'PARTNER', cycle: 'monthly' }, null)).toBeNull();
  });

  it('opens on the signup choice without a subscription, the address first, and never on Partner', () => {
    expect(initialChoice(info(), new URLSearchParams(), 'monthly')).toEqual({ plan: 'GROWTH', cycle: 'yearly' });
    expect(initialChoice(info(), new URLSearchParams('plan=core&cycle=monthly'), null)).toEqual({
      plan: 'CORE',
      cycle: 'monthly',
    });
    expect(initialChoice(info({ selectedPlan: 'PARTNER' }), new URLSearchParams(), null).plan).toBe('GROWTH');
    // with a subscription: its plan, the remembered cycle, else its own cycle
    expect(initialChoice(info({}, {}), new URLSearchParams(), 'yearly')).toEqual({ plan: 'CORE', cycle: 'yearly' });
    expect(initialChoice(info({}, {}), new URLSearchParams(), null)).toEqual({ plan: 'CORE', cycle: 'monthly' });
  });
});
