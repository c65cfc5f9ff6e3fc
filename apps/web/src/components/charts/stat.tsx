import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TrendUnit } from '@brickyard/shared';
import { Card } from '@/components/ui';
import { cn } from '@/lib/cn';

/** A headline figure card of a dashboard. */
export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  tone = 'neutral',
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: ReactNode;
  tone?: 'neutral' | 'warning' | 'brand' | 'success';
}) {
  return (
    <Card className="h-full p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink-500">{label}</p>
          <p className="mt-2 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{value}</p>
          {hint && <p className="mt-1 text-xs text-ink-500">{hint}</p>}
        </div>
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-lg',
            tone === 'warning'
              ? 'bg-amber-50 text-amber-700'
              : tone === 'brand'
                ? 'bg-brand-50 text-brand-700'
                : tone === 'success'
                  ? 'bg-emerald-50 text-emerald-700'
                  : 'bg-ink-100 text-ink-600',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
    </Card>
  );
}

/** "80%" or a dash when there is nothing to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

/** A short label for a trend bucket: "04 Mar" for days and weeks, "Mar 26" for months. */
export function formatBucket(period: string, unit: TrendUnit): string {
  const d = new Date(`${period}T00:00:00Z`);
  const month = d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  if (unit === 'month') return `${month} ${String(d.getUTCFullYear()).slice(2)}`;
  return `${String(d.getUTCDate()).padStart(2, '0')} ${month}`;
}

/** The tooltip's label for a bucket: "4 Mar 2026", "Week of 2 Mar 2026", "March 2026". */
export function formatBucketLong(period: string, unit: TrendUnit): string {
  const d = new Date(`${period}T00:00:00Z`);
  if (unit === 'month') return d.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const day = d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return unit === 'week' ? `Week of ${day}` : day;
}
