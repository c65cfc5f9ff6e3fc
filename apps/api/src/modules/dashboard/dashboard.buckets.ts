import {
  formatInUk,
  startOfUkDay,
  type DashboardPeriod,
  type DashboardQuery,
  type DashboardRange,
  type TrendUnit,
} from '@brickyard/shared';

/**
 * The time buckets of a dashboard trend (packages/shared/src/schemas/dashboard.ts), in UK
 * calendar days (Europe/London, BST included: a sale at 23:30 UTC on 1 July counts on 2 July;
 * the SQL groups by `date_trunc(unit, col at time zone 'Europe/London')`):
 * 30d = 30 daily buckets, 90d = 13 weekly buckets (weeks start Monday, as PostgreSQL's
 * date_trunc), 12m = 12 monthly buckets, each ending with the bucket that holds `now`; a custom
 * from–to counts whole days from `from` to `to`, by day up to 62 days, by week up to 182 days,
 * by month beyond (the first and last buckets may be partial).
 */
export interface Buckets {
  /** '30d' | '90d' | '12m', or 'custom' for a from–to period */
  range: DashboardRange | 'custom';
  /** the date_trunc unit the SQL groups by */
  unit: TrendUnit;
  /** first instant counted (midnight in London of the first day) */
  from: Date;
  /** first instant no longer counted (midnight in London of the day after the last day) */
  to: Date;
  /** first day of each bucket, yyyy-MM-dd, oldest first */
  periods: string[];
  /** the days counted, yyyy-MM-dd, both included */
  firstDay: string;
  lastDay: string;
}

// Calendar arithmetic runs on days as UTC midnights (every day 24 hours); `from` and `to` then
// become the instants those UK days start.
const DAY = 86_400_000;
const iso = (d: Date | number) => new Date(d).toISOString().slice(0, 10);
const dayStart = (s: string) => Date.parse(`${s}T00:00:00.000Z`);
const mondayOf = (t: number) => t - ((new Date(t).getUTCDay() + 6) % 7) * DAY;

export function bucketsFor(q: DashboardRange | DashboardPeriod | DashboardQuery, now: Date = new Date()): Buckets {
  if (typeof q === 'object' && q.from !== undefined && q.to !== undefined) return customBuckets(q.from, q.to);
  const range: DashboardRange = typeof q === 'string' ? q : 'range' in q ? q.range : '30d';
  const today = dayStart(formatInUk(now, 'yyyy-MM-dd')!);
  const end = { to: startOfUkDay(iso(today + DAY)), lastDay: iso(today) };
  if (range === '30d') {
    const periods = Array.from({ length: 30 }, (_, i) => iso(today - (29 - i) * DAY));
    return { range, unit: 'day', from: startOfUkDay(periods[0]!), periods, firstDay: periods[0]!, ...end };
  }
  if (range === '90d') {
    const monday = mondayOf(today);
    const periods = Array.from({ length: 13 }, (_, i) => iso(monday - (12 - i) * 7 * DAY));
    return { range, unit: 'week', from: startOfUkDay(periods[0]!), periods, firstDay: periods[0]!, ...end };
  }
  const t = new Date(today);
  const periods = Array.from({ length: 12 }, (_, i) =>
    iso(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - (11 - i), 1)),
  );
  return { range, unit: 'month', from: startOfUkDay(periods[0]!), periods, firstDay: periods[0]!, ...end };
}

/** Whole days from `from` to `to` (both included; the shared schema has checked them). */
function customBuckets(from: string, to: string): Buckets {
  const start = dayStart(from);
  const last = dayStart(to);
  const days = Math.round((last - start) / DAY) + 1;
  const unit: TrendUnit = days <= 62 ? 'day' : days <= 182 ? 'week' : 'month';
  const periods: string[] = [];
  if (unit === 'day') for (let t = start; t <= last; t += DAY) periods.push(iso(t));
  else if (unit === 'week') for (let t = mondayOf(start); t <= last; t += 7 * DAY) periods.push(iso(t));
  else {
    const d = new Date(start);
    for (let m = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), i = 1; m <= last; i++) {
      periods.push(iso(m));
      m = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + i, 1);
    }
  }
  return {
    range: 'custom',
    unit,
    from: startOfUkDay(from),
    to: startOfUkDay(iso(last + DAY)),
    periods,
    firstDay: from,
    lastDay: to,
  };
}

/** The `range` and `period` fields of a dashboard answer. */
export function periodOf(b: Buckets) {
  return { range: b.range, period: { from: b.firstDay, to: b.lastDay, unit: b.unit } };
}

/** Spreads grouped rows `{ k, p, n, v }` over the buckets, one object per period. */
export function fillTrend<K extends string>(
  periods: string[],
  rows: Array<{ k: string; p: string; n: number; v: number }>,
  shape: Record<K, { key: string; field: 'n' | 'v' }>,
): Array<{ period: string } & Record<K, number>> {
  const byKey = new Map<string, { n: number; v: number }>();
  for (const r of rows) byKey.set(`${r.k}|${r.p}`, { n: Number(r.n), v: Number(r.v) });
  return periods.map((period) => {
    const out = { period } as { period: string } & Record<K, number>;
    for (const [name, { key, field }] of Object.entries(shape) as Array<[K, { key: string; field: 'n' | 'v' }]>) {
      (out as Record<K, number>)[name] = byKey.get(`${key}|${period}`)?.[field] ?? 0;
    }
    return out;
  });
}
