import { useId } from 'react';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { cn } from '@/lib/cn';
import type { TrendChartProps } from './trend-chart-types';

const AXIS_TICK = { fontSize: 11, fill: 'var(--color-ink-500, #64748b)' };

/** Above this many bars (periods × series) bars get too thin on a phone: the series are drawn as lines. */
const MAX_BARS = 60;

/**
 * A trend over time (Recharts): grouped bars, one per series and period, or lines when there would
 * be more than MAX_BARS bars; a y-axis with its title, thinned period labels, a tooltip per period
 * (mouse, touch or the arrow keys once the chart has focus). The figure is named by `title`; a
 * one-line total per series is its visible summary, and a visually hidden table carries every
 * figure for screen readers.
 */
export function TrendChart({
  data,
  series,
  title,
  yLabel,
  formatValue = (n) => n.toLocaleString('en-GB'),
  formatPeriod,
  formatPeriodLong = formatPeriod,
  heightClassName = 'h-56',
  className,
}: TrendChartProps) {
  const id = useId();
  const value = (d: { period: string }, key: string) => Number((d as Record<string, unknown>)[key] ?? 0);
  const totals = series.map((s) => ({ ...s, total: data.reduce((n, d) => n + value(d, s.key), 0) }));
  const summary = totals.map((s) => `${s.label}: ${formatValue(s.total)}`).join(' · ');
  const empty = totals.every((s) => s.total === 0);
  const asLines = data.length * series.length > MAX_BARS;

  return (
    <figure className={cn('w-full min-w-0', className)} aria-labelledby={`${id}-cap`} aria-describedby={`${id}-sum`}>
      <figcaption id={`${id}-cap`} className="sr-only">
        {title}
      </figcaption>
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600" aria-hidden="true">
        {totals.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span className="inline-block size-2.5 rounded-sm" style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <div data-testid="trend-chart" className={cn('w-full min-w-0', heightClassName)}>
        <ComposedChart
          responsive
          style={{ width: '100%', height: '100%' }}
          data={[...data]}
          margin={{ top: 8, right: 8, bottom: 0, left: 4 }}
          barCategoryGap="20%"
          barGap={1}
          title={title}
          desc={summary}
        >
          <CartesianGrid vertical={false} stroke="var(--color-ink-200, #e2e8f0)" strokeDasharray="3 3" />
          <XAxis
            dataKey="period"
            tickFormatter={formatPeriod}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={{ stroke: 'var(--color-ink-200, #e2e8f0)' }}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(n: number) => formatValue(n)}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
            width={56}
            label={{
              value: yLabel,
              angle: -90,
              position: 'insideLeft',
              style: { fontSize: 11, fill: 'var(--color-ink-500, #64748b)', textAnchor: 'middle' },
            }}
          />
          <Tooltip
            cursor={asLines ? { stroke: 'var(--color-ink-300, #cbd5e1)' } : { fill: 'var(--color-ink-100, #f1f5f9)' }}
            labelFormatter={(p) => formatPeriodLong(p as string)}
            formatter={(v, name) => [formatValue(Number(v)), name]}
            contentStyle={{ borderRadius: 8, borderColor: 'var(--color-ink-200, #e2e8f0)', fontSize: 12 }}
            labelStyle={{ fontWeight: 600, color: 'var(--color-ink-900, #0f172a)' }}
          />
          {series.map((s) =>
            asLines ? (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={s.color}
                strokeWidth={2}
                type="linear"
                dot={false}
                activeDot={{ r: 4 }}
                isAnimationActive={false}
              />
            ) : (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.color}
                radius={[2, 2, 0, 0]}
                maxBarSize={28}
                isAnimationActive={false}
              />
            ),
          )}
        </ComposedChart>
      </div>
      <p id={`${id}-sum`} className="mt-2 text-center text-xs text-ink-500">
        {empty ? 'Nothing in this period yet.' : `In this period: ${summary}`}
      </p>
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.period}>
                <th scope="row">{formatPeriodLong(d.period)}</th>
                {series.map((s) => (
                  <td key={s.key}>{formatValue(value(d, s.key))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
