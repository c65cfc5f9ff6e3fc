import type { LucideIcon } from 'lucide-react';
import {
  BadgeCheck,
  Boxes,
  ChevronDown,
  Clock,
  FileText,
  MapPin,
  Package,
  PoundSterling,
  Sparkles,
  Star,
  Tags,
} from 'lucide-react';
import type { MatchReason, MatchReasonCode } from '@brickyard/shared';
import { cn } from '@/lib/cn';

const ICONS: Record<MatchReasonCode, LucideIcon> = {
  category: Tags,
  text: FileText,
  semantic: Sparkles,
  region: MapPin,
  price: PoundSterling,
  quantity: Package,
  lead_time: Clock,
  availability: Boxes,
  certifications: BadgeCheck,
  record: Star,
};

export const REASON_NAMES: Record<MatchReasonCode, string> = {
  category: 'Category',
  text: 'Wording',
  semantic: 'Meaning',
  region: 'Region',
  price: 'Price',
  quantity: 'Quantity',
  lead_time: 'Lead time',
  availability: 'Availability',
  certifications: 'Certifications',
  record: 'Track record',
};

/** How much of a signal's weight the match earned: full (3/4 or more), part, or none. */
export function reasonFit(r: MatchReason): 'full' | 'part' | 'none' {
  if (r.contribution <= 0 || r.weight <= 0) return 'none';
  return r.contribution / r.weight >= 0.75 ? 'full' : 'part';
}

const byContribution = (a: MatchReason, b: MatchReason) => b.contribution - a.contribution || b.weight - a.weight;

const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The reasons that add to the score, as readable chips ("Delivers to North West"), strongest first. */
export function ReasonChips({ reasons, max, className }: { reasons: MatchReason[]; max?: number; className?: string }) {
  const positive = reasons.filter((r) => reasonFit(r) !== 'none').sort(byContribution);
  const shown = max ? positive.slice(0, max) : positive;
  if (!shown.length) return <p className={cn('text-sm text-ink-500', className)}>No strong signals yet.</p>;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label="Why it matches">
      {shown.map((r) => {
        const Icon = ICONS[r.code] ?? Sparkles;
        const full = reasonFit(r) === 'full';
        return (
          <li
            key={r.code}
            className={cn(
              'inline-flex max-w-full items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
              full ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-200',
            )}
          >
            <Icon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{r.label}</span>
          </li>
        );
      })}
      {max && positive.length > max && (
        <li className="inline-flex items-center rounded-full px-2 py-1 text-xs font-medium text-ink-500">
          +{positive.length - max} more
        </li>
      )}
    </ul>
  );
}

/** Every signal with the points it earned out of its weight; gaps included ("Does not list Wales"). */
export function ReasonBreakdown({ reasons, className }: { reasons: MatchReason[]; className?: string }) {
  const sorted = [...reasons].sort(byContribution);
  return (
    <details className={cn('group', className)}>
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        Score breakdown
      </summary>
      <ul className="mt-3 space-y-2.5">
        {sorted.map((r) => {
          const Icon = ICONS[r.code] ?? Sparkles;
          const fit = reasonFit(r);
          const pct = r.weight > 0 ? Math.max(0, Math.min(100, (r.contribution / r.weight) * 100)) : 0;
          return (
            <li
              key={r.code}
              className="grid grid-cols-[1.25rem_minmax(0,1fr)_auto] items-start gap-x-2 gap-y-1 text-sm"
            >
              <Icon
                className={cn(
                  'mt-0.5 size-4',
                  fit === 'full' ? 'text-emerald-600' : fit === 'part' ? 'text-amber-600' : 'text-ink-400',
                )}
                aria-hidden="true"
              />
              <span className="min-w-0">
                <span className="font-medium text-ink-900">{REASON_NAMES[r.code] ?? r.code}: </span>
                <span className={fit === 'none' ? 'text-ink-500' : 'text-ink-700'}>{r.label}</span>
              </span>
              <span className="text-xs whitespace-nowrap text-ink-500 tabular-nums">
                +{points(r.contribution)} of {points(r.weight)}
              </span>
              <span className="col-start-2 col-end-4 h-1.5 overflow-hidden rounded-full bg-ink-100" aria-hidden="true">
                <span
                  className={cn(
                    'block h-full rounded-full',
                    fit === 'full' ? 'bg-emerald-500' : fit === 'part' ? 'bg-amber-400' : 'bg-ink-200',
                  )}
                  style={{ width: `${pct}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
