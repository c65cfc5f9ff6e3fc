import type { DashboardRange } from '@brickyard/shared';

/**
 * The time buckets of a dashboard trend (packages/shared/src/schemas/dashboard.ts): 30d = 30
 * daily buckets, 90d = 13 weekly buckets (weeks start Monday, as PostgreSQL's date_trunc),
 * 12m = 12 monthly buckets, all in UTC and ending with the bucket that holds `now`.
 */
export interface Buckets {
  /** the date_trunc unit the SQL groups by */
  unit: 'day' | 'week' | 'month';
  /** start of the first bucket */
  from: Date;
  /** first day of each bucket, yyyy-MM-dd, oldest first */
  periods: string[];
}

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

export function bucketsFor(range: DashboardRange, now: Date = new Date()): Buckets {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (range === '30d') {
    const periods = Array.from({ length: 30 }, (_, i) => iso(new Date(today - (29 - i) * DAY)));
    return { unit: 'day', from: new Date(today - 29 * DAY), periods };
  }
  if (range === '90d') {
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
    const periods = Array.from({ length: 13 }, (_, i) => iso(new Date(monday - (12 - i) * 7 * DAY)));
    return { unit: 'week', from: new Date(monday - 12 * 7 * DAY), periods };
  }
  const periods = Array.from({ length: 12 }, (_, i) =>
    iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (11 - i), 1))),
  );
  return { unit: 'month', from: new Date(`${periods[0]}T00:00:00.000Z`), periods };
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
