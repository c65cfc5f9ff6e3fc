import { useState, type FormEvent } from 'react';
import {
  DASHBOARD_RANGES,
  DASHBOARD_RANGE_LABELS,
  dashboardPeriodSchema,
  ukToday,
  type DashboardPeriod,
  type DashboardRange,
  type DashboardSelection,
  type TrendUnit,
} from '@brickyard/shared';
import { Button, Segmented, TextField } from '@/components/ui';
import { cn } from '@/lib/cn';

type Mode = DashboardRange | 'custom';

const SHORT_LABELS: Record<Mode, string> = { '30d': '30 days', '90d': '90 days', '12m': '12 months', custom: 'Custom' };
const MODES: Mode[] = [...DASHBOARD_RANGES, 'custom'];
const ITEMS = MODES.map((m) => ({ value: m, label: SHORT_LABELS[m] }));

/** The query parameters of a selection: `{ range }` or `{ from, to }`. */
export function periodQuery(s: DashboardSelection): Record<string, string> {
  return 'range' in s ? { range: s.range } : { from: s.from, to: s.to };
}

/** A stable cache key part for a selection. */
export function periodKey(s: DashboardSelection): string {
  return 'range' in s ? s.range : `${s.from}..${s.to}`;
}

const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "last 30 days" or "1 Jan 2026 to 31 Mar 2026", from a dashboard answer's range and period. */
export function describePeriod(
  range: DashboardRange | 'custom',
  period: { from: string; to: string; unit: TrendUnit },
): string {
  if (range !== 'custom') return DASHBOARD_RANGE_LABELS[range].toLowerCase();
  return period.from === period.to ? dayText(period.from) : `${dayText(period.from)} to ${dayText(period.to)}`;
}

function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The trend period of a dashboard: the presets, or a custom from–to checked against the same
 * schema the API uses (from on or before to, not after today, at most three years). A custom
 * period is asked for only when applied.
 */
export function PeriodPicker({
  value,
  onChange,
  className,
}: {
  value: DashboardSelection;
  onChange: (next: DashboardSelection) => void;
  className?: string;
}) {
  const today = ukToday();
  const [mode, setMode] = useState<Mode>('range' in value ? value.range : 'custom');
  const [draft, setDraft] = useState<DashboardPeriod>(
    'range' in value ? { from: daysBefore(today, 29), to: today } : value,
  );
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});

  const choose = (m: Mode) => {
    setMode(m);
    if (m !== 'custom') {
      setErrors({});
      onChange({ range: m });
    }
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const parsed = dashboardPeriodSchema.safeParse(draft);
    if (!parsed.success) {
      const next: Partial<Record<'from' | 'to', string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'to' ? 'to' : 'from';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onChange(parsed.data);
  };

  return (
    <div className={cn('flex w-full flex-col gap-3 sm:w-auto sm:items-end', className)}>
      <Segmented
        items={ITEMS}
        value={mode}
        onChange={choose}
        label="Trend period"
        className="w-full sm:w-auto [&>button]:flex-1 [&>button]:px-1 [&>button]:whitespace-nowrap sm:[&>button]:flex-none sm:[&>button]:px-4"
      />
      {mode === 'custom' && (
        <form
          onSubmit={apply}
          noValidate
          aria-label="Custom period"
          className="grid grid-cols-2 items-start gap-2 sm:flex sm:flex-wrap sm:justify-end"
        >
          <TextField
            type="date"
            label="From"
            value={draft.from}
            max={draft.to || today}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            error={errors.from}
            fieldClassName="min-w-0 sm:w-[10.5rem]"
          />
          <TextField
            type="date"
            label="To"
            value={draft.to}
            max={today}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            error={errors.to}
            fieldClassName="min-w-0 sm:w-[10.5rem]"
          />
          <Button type="submit" variant="dark" className="col-span-2 justify-self-start sm:mt-[1.625rem]">
            Apply
          </Button>
        </form>
      )}
    </div>
  );
}
