/* What a trend chart draws, shared by the lazy wrapper and the Recharts chart it loads. */

/**
 * Series colours: the theme's CSS variables (index.css @theme / Tailwind's palette), with the same
 * colour as a fallback should the variable not be emitted.
 */
export const CHART_COLORS = {
  brand: 'var(--color-brand-500, #f59e0b)',
  ink: 'var(--color-ink-700, #334155)',
  inkLight: 'var(--color-ink-500, #64748b)',
  emerald: 'var(--color-emerald-600, #059669)',
  emeraldLight: 'var(--color-emerald-500, #10b981)',
  sky: 'var(--color-sky-600, #0284c7)',
} as const;

export interface TrendSeries {
  /** key of the value in each datum */
  key: string;
  label: string;
  /** a CSS colour, e.g. CHART_COLORS.brand */
  color: string;
}

export interface TrendChartProps {
  data: ReadonlyArray<{ period: string }>;
  series: TrendSeries[];
  /** the figure's accessible name */
  title: string;
  /** what the y-axis counts, e.g. "Count" or "Value" */
  yLabel: string;
  formatValue?: (n: number) => string;
  /** short label under a bar, e.g. "04 Mar" */
  formatPeriod: (period: string) => string;
  /** the tooltip's and the table's label, e.g. "Week of 2 Mar 2026" */
  formatPeriodLong?: (period: string) => string;
  /** the plot's height as Tailwind classes (default h-56), e.g. "h-56 lg:h-80" */
  heightClassName?: string;
  className?: string;
}
