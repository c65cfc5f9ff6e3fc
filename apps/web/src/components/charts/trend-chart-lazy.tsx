import { Suspense, lazy } from 'react';
import { cn } from '@/lib/cn';
import type { TrendChartProps } from './trend-chart-types';

export { CHART_COLORS, type TrendChartProps, type TrendSeries } from './trend-chart-types';

// Recharts (~100 KB gzipped) is its own chunk, fetched when a dashboard first draws a trend: it is
// never part of a public page, nor of the signed-in pages that have no chart.
const Chart = lazy(async () => ({ default: (await import('./trend-chart')).TrendChart }));

/** A trend over time (Recharts bar chart, see trend-chart.tsx), loaded on first use. */
export function TrendChart(props: TrendChartProps) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          aria-label="Loading chart"
          className={cn('mt-6 mb-6 w-full animate-pulse rounded-lg bg-ink-50', props.heightClassName ?? 'h-56')}
        />
      }
    >
      <Chart {...props} />
    </Suspense>
  );
}
