import { parse, format } from 'date-fns';
import { Check, Gauge } from 'lucide-react';
import { PLANS, type BillingInfo } from '@brickyard/shared';
import { Badge, Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { cn } from '@/lib/cn';

function monthLabel(month: string | undefined): string {
  if (!month) return 'this month';
  const d = parse(month, 'yyyy-MM', new Date());
  return Number.isNaN(d.getTime()) ? 'this month' : format(d, 'MMMM yyyy');
}

function Meter({ label, used, limit, unit }: { label: string; used: number; limit: number | null; unit: string }) {
  const pct = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const full = limit !== null && used >= limit;
  return (
    <div data-testid={`usage-${unit}`}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-ink-700">{label}</span>
        <span className="text-right text-ink-900 tabular-nums">
          {limit === null ? (
            <>
              <strong>{used}</strong> used · <span className="font-semibold text-emerald-700">Unlimited</span>
            </>
          ) : (
            <>
              <strong>{used}</strong> of {limit} used
            </>
          )}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit ?? undefined}
        aria-valuenow={used}
        aria-valuetext={limit === null ? `${used} used, unlimited` : `${used} of ${limit} used`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-ink-100"
      >
        <div
          className={cn(
            'h-2 rounded-full',
            limit === null
              ? 'w-full bg-emerald-400/50'
              : full
                ? 'bg-red-500'
                : pct >= 80
                  ? 'bg-amber-500'
                  : 'bg-brand-500',
          )}
          style={limit === null ? undefined : { width: `${pct}%` }}
        />
      </div>
      {full && (
        <p className="mt-1.5 text-xs text-red-700">
          Limit reached for this month. Upgrade to Growth for unlimited use.
        </p>
      )}
    </div>
  );
}

/** Usage this calendar month against the plan's limits (docs/product.md section 9; docs/design.md section 3). */
export function UsageCard({ info }: { info: BillingInfo }) {
  const { usage } = info;
  // The API counts against the plan in force, or without one the plan chosen at signup.
  const plan = info.hasActiveSubscription && info.subscription ? info.subscription.plan : info.selectedPlan;
  return (
    <Card className="h-full">
      <CardHeader>
        <div>
          <CardTitle>Usage in {monthLabel(info.usageMonth)}</CardTitle>
          <CardDescription>Counters start again on the first day of each month.</CardDescription>
        </div>
        <Gauge className="hidden size-5 text-ink-400 sm:block" aria-hidden="true" />
      </CardHeader>
      <CardBody className="space-y-5">
        <div data-testid="usage-matches" className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-ink-700">Matches shown per tender or listing</span>
          {usage.matchesPerItem === null ? (
            <span className="font-semibold text-emerald-700">Unlimited</span>
          ) : (
            <span className="whitespace-nowrap text-ink-900">
              Up to <strong>{usage.matchesPerItem}</strong>
            </span>
          )}
        </div>
        <Meter
          label="Bid Assist submissions"
          used={usage.bidAssist.used}
          limit={usage.bidAssist.limit}
          unit="bid-assist"
        />
        <Meter label="Uploads" used={usage.uploads.used} limit={usage.uploads.limit} unit="uploads" />
        <div className="flex items-center justify-between gap-3 border-t border-ink-100 pt-4 text-sm">
          <span className="font-medium text-ink-700">Live tender feed</span>
          {PLANS[plan].limits.liveFeed ? (
            <Badge tone="success">Included</Badge>
          ) : (
            <Badge>Growth and Partner only</Badge>
          )}
        </div>
        <div className="border-t border-ink-100 pt-4">
          <p className="text-sm font-medium text-ink-700">{PLANS[plan].name} includes</p>
          <ul className="mt-2 space-y-1.5 text-sm text-ink-600">
            {PLANS[plan].features.map((f) => (
              <li key={f} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                {f}
              </li>
            ))}
          </ul>
        </div>
        {!info.hasActiveSubscription && (
          <p className="text-xs text-ink-500">
            Shown against the limits of {PLANS[plan].name}, the plan you chose when you signed up.
          </p>
        )}
      </CardBody>
    </Card>
  );
}
