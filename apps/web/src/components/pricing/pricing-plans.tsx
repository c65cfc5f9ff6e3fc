import type { ReactNode } from 'react';
import { Check, Tag } from 'lucide-react';
import { PLANS, PLAN_TYPES, PROMO_BANNER, type BillingCycle, type PlanType } from '@brickyard/shared';
import { Segmented } from '@/components/ui';
import { cn } from '@/lib/cn';
import { setBillingCycle } from '@/lib/session';
import { PlanPrice } from './plan-price';

/**
 * The pricing block of docs/product.md section 2, in parts shared by the landing pages and Settings ›
 * Billing: the promo banner, the monthly/yearly toggle (remembered in localStorage under
 * `billingCycle`) and the three plan cards of section 9. Each page supplies the card's action.
 */

export const PLAN_FOR: Record<PlanType, string> = {
  CORE: 'For teams getting started with online tendering.',
  GROWTH: 'For busy teams who want every match and the live feed.',
  PARTNER: 'For contractors, frameworks and large supply chains.',
};

export function PromoBanner({ className }: { className?: string }) {
  return (
    <p
      data-testid="promo-banner"
      className={cn(
        'inline-flex items-center gap-2 rounded-full bg-brand-100 px-4 py-2 text-center text-sm font-medium text-brand-900 ring-1 ring-brand-300',
        className,
      )}
    >
      <Tag className="size-4 shrink-0" aria-hidden="true" />
      {PROMO_BANNER}
    </p>
  );
}

/** Monthly / Yearly; every change is remembered for the next visit (docs/product.md sections 3 and 4). */
export function BillingCycleToggle({
  value,
  onChange,
  className,
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  className?: string;
}) {
  return (
    <Segmented
      label="Billing cycle"
      value={value}
      className={className}
      onChange={(v) => {
        setBillingCycle(v);
        onChange(v);
      }}
      items={[
        { value: 'monthly', label: 'Monthly' },
        { value: 'yearly', label: 'Yearly' },
      ]}
    />
  );
}

export interface PlanCardState {
  plan: PlanType;
  /** the dark "Most popular" card (Growth) */
  featured: boolean;
}

/**
 * The three plan cards. `action` renders the button or link at the foot of a card; `selected`
 * rings a card (the billing page's choice) and `badge` replaces the "Most popular" ribbon.
 */
export function PlanCards({
  cycle,
  action,
  selected,
  badge,
  label,
  className,
}: {
  cycle: BillingCycle;
  action: (state: PlanCardState) => ReactNode;
  selected?: PlanType | null;
  badge?: (plan: PlanType) => ReactNode;
  label: string;
  className?: string;
}) {
  return (
    <ul className={cn('grid gap-6 lg:grid-cols-3', className)} aria-label={label}>
      {PLAN_TYPES.map((type) => {
        const plan = PLANS[type];
        const featured = type === 'GROWTH';
        const isSelected = selected === type;
        const ribbon = badge ? badge(type) : featured ? 'Most popular' : null;
        return (
          <li
            key={type}
            data-plan={type}
            data-selected={isSelected || undefined}
            className={cn(
              'relative flex flex-col rounded-2xl p-7 transition-shadow',
              featured ? 'bg-ink-950 text-white shadow-pop lg:-my-3 lg:py-10' : 'bg-white text-ink-950 shadow-card',
              // cn() does not merge classes, so exactly one ring style applies
              isSelected
                ? 'ring-2 ring-brand-500 ring-offset-4 ring-offset-ink-50'
                : featured
                  ? 'ring-1 ring-ink-950'
                  : 'ring-1 ring-ink-200',
            )}
          >
            {ribbon && (
              <span className="absolute -top-3 left-7 rounded-full bg-brand-500 px-3 py-1 text-xs font-bold text-ink-950">
                {ribbon}
              </span>
            )}
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p className={cn('mt-1 text-sm', featured ? 'text-ink-300' : 'text-ink-600')}>{PLAN_FOR[type]}</p>
            <div className="mt-5">
              <PlanPrice plan={type} cycle={cycle} tone={featured ? 'dark' : 'light'} />
            </div>
            <ul
              className={cn(
                'mt-6 flex-1 space-y-3 border-t pt-6 text-sm',
                featured ? 'border-white/10' : 'border-ink-100',
              )}
            >
              {plan.features.map((f) => (
                <li key={f} className="flex gap-2.5">
                  <Check
                    className={cn('mt-0.5 size-4 shrink-0', featured ? 'text-brand-400' : 'text-brand-600')}
                    aria-hidden="true"
                  />
                  <span className={featured ? 'text-ink-200' : 'text-ink-700'}>{f}</span>
                </li>
              ))}
            </ul>
            {action({ plan: type, featured })}
          </li>
        );
      })}
    </ul>
  );
}
