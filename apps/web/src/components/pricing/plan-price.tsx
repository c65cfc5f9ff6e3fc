import { PLANS, formatPence, periodPricePence, type BillingCycle, type PlanType } from '@brickyard/shared';
import { cn } from '@/lib/cn';

/**
 * A plan's price for the chosen cycle, with the other cycle shown beside it to compare
 * (docs/design.md section 9: yearly = list price × 12 less 10%, which can exceed twelve monthly payments).
 */
export function PlanPrice({
  plan,
  cycle,
  tone = 'light',
}: {
  plan: PlanType;
  cycle: BillingCycle;
  tone?: 'light' | 'dark';
}) {
  const p = PLANS[plan];
  const price = periodPricePence(plan, cycle);
  const muted = tone === 'light' ? 'text-ink-600' : 'text-ink-300';
  if (price === null) {
    return (
      <div data-testid={`price-${plan}`}>
        <p className="text-4xl font-bold tracking-tight">Custom</p>
        <p className={cn('mt-1.5 text-sm', muted)}>Tailored to your organisation</p>
      </div>
    );
  }
  const monthly = periodPricePence(plan, 'monthly')!;
  const yearly = periodPricePence(plan, 'yearly')!;
  return (
    <div data-testid={`price-${plan}`}>
      <p className="flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tracking-tight tabular-nums">{formatPence(price)}</span>
        <span className={cn('text-sm font-medium', muted)}>{cycle === 'monthly' ? '/month' : '/year'}</span>
      </p>
      <p className={cn('mt-1.5 text-sm', muted)}>
        {cycle === 'monthly' ? (
          <>
            List price <s>{formatPence(p.listPricePence!)}</s> · or {formatPence(yearly)} billed yearly
          </>
        ) : (
          <>List price × 12 less 10% · or {formatPence(monthly)} billed monthly</>
        )}
      </p>
    </div>
  );
}
