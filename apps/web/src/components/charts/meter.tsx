import { cn } from '@/lib/cn';

/** A labelled usage meter (role="meter" when limited; plain text when unlimited). */
export function UsageMeter({
  label,
  used,
  limit,
  unit,
  className,
}: {
  label: string;
  used: number;
  limit: number | null;
  unit?: string;
  className?: string;
}) {
  const share = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const full = limit !== null && used >= limit;
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-ink-700">{label}</span>
        <span className={cn('font-semibold', full ? 'text-red-700' : 'text-ink-900')}>
          {limit === null
            ? `${used.toLocaleString('en-GB')} ${unit ?? ''} · unlimited`.replace('  ', ' ')
            : `${used} of ${limit}${unit ? ` ${unit}` : ''}`}
        </span>
      </div>
      {limit !== null && (
        <div
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${used} of ${limit}`}
          className="mt-2 h-2 rounded-full bg-ink-100"
        >
          <div
            className={cn('h-2 rounded-full', full ? 'bg-red-500' : 'bg-brand-500')}
            style={{ width: `${share}%` }}
          />
        </div>
      )}
    </div>
  );
}

/** A horizontal bar list: label, value and a proportional bar, for counts per item. */
export function BarList({
  items,
  formatValue = (n) => n.toLocaleString('en-GB'),
  label,
}: {
  items: Array<{ key: string; label: React.ReactNode; value: number; hint?: React.ReactNode }>;
  formatValue?: (n: number) => string;
  label: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ul className="space-y-3" aria-label={label}>
      {items.map((i) => (
        <li key={i.key}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-ink-700">{i.label}</span>
            <span className="shrink-0 font-semibold text-ink-900">
              {formatValue(i.value)}
              {i.hint && <span className="ml-1 font-normal text-ink-500">{i.hint}</span>}
            </span>
          </div>
          <div className="mt-1 h-1.5 rounded-full bg-ink-100" aria-hidden="true">
            <div
              className="h-1.5 rounded-full bg-brand-500"
              style={{ width: `${Math.round((i.value / max) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
