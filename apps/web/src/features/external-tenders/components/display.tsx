import type { ExternalTender, ExternalTenderOrigin, ExternalTenderStatus } from '@brickyard/shared';
import { daysLeft } from '@/components/listing';
import { Badge, type BadgeTone } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatPostedDate } from '@/lib/format';

/** docs/product.md section 9: the live feed is a Growth and Partner feature; Core gets this code (402). */
export function isPlanGated(err: unknown): boolean {
  return isApiError(err) && err.code === 'PLAN_FEATURE_UNAVAILABLE';
}

/**
 * docs/product.md section 8: external tender fetch and favourite failures are only logged, never shown.
 * (console.warn, not console.error: nothing is broken from the user's point of view.)
 */
export function logFeedFailure(what: string, err: unknown) {
  if (isPlanGated(err)) return;
  console.warn(`[live feed] ${what} failed`, isApiError(err) ? `${err.status} ${err.code}: ${err.message}` : err);
}

export const STATUS_LABELS: Record<ExternalTenderStatus, string> = {
  open: 'Open',
  closed: 'Closed',
  planning: 'Planning',
  planned: 'Planned',
  complete: 'Complete',
  cancelled: 'Cancelled',
  unsuccessful: 'Unsuccessful',
  withdrawn: 'Withdrawn',
  unknown: 'Unknown',
};

const STATUS_TONES: Record<ExternalTenderStatus, BadgeTone> = {
  open: 'success',
  closed: 'neutral',
  planning: 'info',
  planned: 'info',
  complete: 'dark',
  cancelled: 'danger',
  unsuccessful: 'danger',
  withdrawn: 'danger',
  unknown: 'neutral',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as ExternalTenderStatus] ?? status;
}

export function StatusBadge({ status }: { status: ExternalTenderStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}

export const ORIGIN_LABELS: Record<ExternalTenderOrigin, string> = {
  'contracts-finder': 'Contracts Finder',
  'find-a-tender': 'Find a Tender',
  sell2wales: 'Sell2Wales',
  'public-contracts-scotland': 'Public Contracts Scotland',
  other: 'Other source',
};

/** "Closes in 12 days", "Closes today", "Closed" or null (no deadline) for a tender's end date. */
export function closingText(t: Pick<ExternalTender, 'tenderEndDate'>, now = new Date()): string | null {
  const n = daysLeft(t.tenderEndDate, now);
  if (n === null) return null;
  if (n < 0) return 'Closed';
  if (n === 0) return 'Closes today';
  return n === 1 ? 'Closes in 1 day' : `Closes in ${n} days`;
}

/**
 * The closing date with its badge. A passed deadline says "Closed" — the feed keeps past
 * notices and must not pretend they are still taking bids.
 */
export function ClosingDate({
  tender,
  className,
}: {
  tender: Pick<ExternalTender, 'tenderEndDate' | 'isOpen'>;
  className?: string;
}) {
  const text = closingText(tender);
  if (!tender.tenderEndDate || text === null) return <span className={className}>No closing date</span>;
  const n = daysLeft(tender.tenderEndDate) ?? -1;
  const tone: BadgeTone = n < 0 ? 'neutral' : n <= 7 ? 'warning' : 'success';
  // A future deadline of a tender that no longer takes bids (cancelled, complete…) gets no countdown.
  const badge = n < 0 || tender.isOpen;
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', className)}>
      <time dateTime={tender.tenderEndDate}>{formatPostedDate(tender.tenderEndDate)}</time>
      {badge && <Badge tone={tone}>{text}</Badge>}
    </span>
  );
}

/** OCDS procurementMethod codes (open, selective, limited, direct) read as words. */
export function methodLabel(method: string | null | undefined): string {
  if (!method) return 'Not specified';
  return method.charAt(0).toUpperCase() + method.slice(1);
}

/** A date as dd MMM yyyy, or a dash when the notice has none. */
export function dateOrDash(value: string | null | undefined): string {
  return value ? formatPostedDate(value) : '—';
}

/** OCDS release tags (tenderAmendment) read as words (Tender amendment). */
export function noticeTypeLabel(tag: string | null | undefined): string {
  if (!tag) return 'Not specified';
  const words = tag.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A plain text value or its fallback (docs/product.md section 5: Not specified, Not provided, N/A or a dash). */
export function orFallback(value: string | null | undefined, fallback = 'Not specified'): string {
  const v = value?.trim();
  return v ? v : fallback;
}
