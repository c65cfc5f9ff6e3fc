import { differenceInCalendarDays } from 'date-fns';
import type { Availability, TenderStatus } from '@brickyard/shared';
import { Badge, type BadgeTone } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatPence, formatPostedDate } from '@/lib/format';

/** £ from pence (docs/product.md section 9: catalogue price currency is £); missing values read Not specified. */
export function formatMoneyPence(pence: number | null | undefined, missing = 'Not specified'): string {
  return pence === null || pence === undefined ? missing : formatPence(pence);
}

export function Money({
  pence,
  missing,
  className,
}: {
  pence: number | null | undefined;
  missing?: string;
  className?: string;
}) {
  return <span className={cn('tabular-nums', className)}>{formatMoneyPence(pence, missing)}</span>;
}

/** A date as dd MMM yyyy (docs/product.md section 9) in a <time> element. */
export function DateText({ value, className }: { value: string | null | undefined; className?: string }) {
  const text = formatPostedDate(value);
  return value ? (
    <time dateTime={value} className={className}>
      {text}
    </time>
  ) : (
    <span className={className}>{text}</span>
  );
}

/** Whole calendar days from today to `deadline` (negative once passed); null without a deadline. */
export function daysLeft(deadline: string | null | undefined, now = new Date()): number | null {
  if (!deadline) return null;
  const d = new Date(deadline);
  return Number.isNaN(d.getTime()) ? null : differenceInCalendarDays(d, now);
}

export function daysLeftText(deadline: string | null | undefined, now = new Date()): string {
  const n = daysLeft(deadline, now);
  if (n === null) return 'No deadline';
  if (n < 0) return 'Closed';
  if (n === 0) return 'Closes today';
  return n === 1 ? '1 day left' : `${n} days left`;
}

export function DaysLeft({ deadline, className }: { deadline: string | null | undefined; className?: string }) {
  const n = daysLeft(deadline);
  const tone = n === null ? 'text-ink-500' : n < 0 ? 'text-ink-500' : n <= 7 ? 'text-amber-700' : 'text-emerald-700';
  return <span className={cn('text-xs font-medium', tone, className)}>{daysLeftText(deadline)}</span>;
}

const STATUS_TONES: Record<TenderStatus, BadgeTone> = {
  draft: 'neutral',
  active: 'success',
  pending: 'warning',
  fulfilled: 'info',
  closed: 'dark',
  cancelled: 'danger',
};
export const TENDER_STATUS_LABELS: Record<TenderStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  pending: 'Pending',
  fulfilled: 'Fulfilled',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export function TenderStatusBadge({ status }: { status: TenderStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{TENDER_STATUS_LABELS[status]}</Badge>;
}

export const AVAILABILITY_LABELS: Record<Availability, string> = {
  available: 'Available',
  limited: 'Limited',
  other: 'Other',
};

/** docs/product.md section 2: available is green, limited amber, anything else red. */
export function availabilityTone(value: string | null | undefined): 'success' | 'warning' | 'danger' {
  if (value === 'available') return 'success';
  if (value === 'limited') return 'warning';
  return 'danger';
}

export function AvailabilityBadge({ value }: { value: string | null | undefined }) {
  const label = AVAILABILITY_LABELS[value as Availability] ?? (value || 'Not specified');
  return <Badge tone={availabilityTone(value)}>{label}</Badge>;
}

/** Lead time in days (docs/product.md section 9), or Not specified. */
export function leadTimeText(days: number | null | undefined, missing = 'Not specified'): string {
  if (days === null || days === undefined) return missing;
  return days === 1 ? '1 day' : `${days.toLocaleString('en-GB')} days`;
}

/** docs/product.md section 2: In stock when quantity is above 0, otherwise Out of stock. */
export function stockText(quantity: number | null | undefined): 'In stock' | 'Out of stock' {
  return (quantity ?? 0) > 0 ? 'In stock' : 'Out of stock';
}

export function StockBadge({ quantity }: { quantity: number | null | undefined }) {
  const text = stockText(quantity);
  return <Badge tone={text === 'In stock' ? 'success' : 'danger'}>{text}</Badge>;
}
