import type { BillingCycle } from '@brickyard/shared';

export function cycleLabel(cycle: BillingCycle): string {
  return cycle === 'yearly' ? 'Yearly' : 'Monthly';
}
