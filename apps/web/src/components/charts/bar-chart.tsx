import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

export interface BarSeries {
  /** key of the value in each datum */
  key: string;
  label: string;
  /** a Tailwind fill class, e.g. fill-brand-500 */
  fillClass: string;
  /** a Tailwind background class for the legend swatch, e.g. bg-brand-500 */
  swatchClass: string;
}

/**
 * A small accessible bar chart in plain SVG (recharts is not installed): grouped bars per
 * period, a y-axis with three gridlines, thinned x labels, and the same figures in a
 * visually hidden table for screen readers (the SVG itself is aria-hidden).
 */
export function BarChart<T extends { period: string }>({
  data,
  series,
  title,
  formatValue = (n) => n.toLocaleString('en-GB'),
  formatPeriod,
  className,
}: {
  data: T[];
  series: BarSeries[];
  title: string;
  formatValue?: (n: number) => string;
  formatPeriod: (period: string) => string;
  className?: string;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => {
      const w = Math.round(e?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // Drawn at the box's real width so labels keep their size on any screen.
  const W = Math.max(240, width);
  const H = 200;
  const pad = { top: 8, right: 8, bottom: 24, left: 44 };
  const innerW = W - pad.left - pad.right;
  const innerH = H - pad.top - pad.bottom;
  const value = (d: T, key: string) => Number((d as Record<string, unknown>)[key] ?? 0);
  const max = Math.max(1, ...data.flatMap((d) => series.map((s) => value(d, s.key))));
  const nice = niceMax(max);
  const slot = innerW / Math.max(1, data.length);
  const barW = Math.max(2, (slot * 0.7) / series.length);
  const labelEvery = Math.ceil(data.length / Math.max(2, Math.floor(innerW / 64)));
  const total = data.reduce((n, d) => n + series.reduce((m, s) => m + value(d, s.key), 0), 0);

  return (
    <figure className={cn('w-full', className)} aria-labelledby={`${id}-cap`}>
      <figcaption id={`${id}-cap`} className="sr-only">
        {title}
      </figcaption>
      {series.length > 1 && (
        <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600" aria-hidden="true">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className={cn('inline-block size-2.5 rounded-sm', s.swatchClass)} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <div ref={box} className="w-full">
        <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} className="block max-w-full" aria-hidden="true">
          {[0, 0.5, 1].map((f) => {
            const y = pad.top + innerH * (1 - f);
            return (
              <g key={f}>
                <line
                  x1={pad.left}
                  x2={W - pad.right}
                  y1={y}
                  y2={y}
                  className="stroke-ink-200"
                  strokeDasharray={f === 0 ? undefined : '3 3'}
                />
                <text x={pad.left - 6} y={y + 4} textAnchor="end" className="fill-ink-500 text-[11px]">
                  {formatValue(Math.round(nice * f))}
                </text>
              </g>
            );
          })}
          {data.map((d, i) => (
            <g key={d.period}>
              {series.map((s, j) => {
                const v = value(d, s.key);
                const h = (v / nice) * innerH;
                const x = pad.left + i * slot + (slot - barW * series.length) / 2 + j * barW;
                return (
                  <rect
                    key={s.key}
                    x={x}
                    y={pad.top + innerH - h}
                    width={barW}
                    height={Math.max(0, h)}
                    rx={1.5}
                    className={s.fillClass}
                  >
                    <title>{`${formatPeriod(d.period)} · ${s.label}: ${formatValue(v)}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 && (
                <text
                  x={pad.left + i * slot + slot / 2}
                  y={H - 6}
                  textAnchor="middle"
                  className="fill-ink-500 text-[11px]"
                >
                  {formatPeriod(d.period)}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
      {total === 0 && <p className="mt-2 text-center text-sm text-ink-500">Nothing in this period yet.</p>}
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
                <th scope="row">{formatPeriod(d.period)}</th>
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

/** The smallest of 2, 4, 6, 8, 10 × a power of ten at or above n: its half is a whole number too. */
function niceMax(n: number): number {
  const pow = 10 ** Math.floor(Math.log10(Math.max(1, n)));
  for (const m of [2, 4, 6, 8, 10]) if (m * pow >= n) return m * pow;
  return 20 * pow;
}
