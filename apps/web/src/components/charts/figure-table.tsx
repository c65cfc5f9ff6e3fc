import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface FigureColumn {
  label: string;
  /** e.g. a fixed width for a number column */
  className?: string;
}

export interface FigureRow {
  key: string;
  /** the row's header cell: what the figures are of */
  label: ReactNode;
  labelClassName?: string;
  values: ReactNode[];
}

/**
 * A compact table of figures inside a dashboard card: a row header and right-aligned numbers
 * per row, a caption for screen readers. `columns[0]` heads the row labels.
 */
export function FigureTable({
  caption,
  columns,
  rows,
  className,
}: {
  caption: string;
  columns: FigureColumn[];
  rows: FigureRow[];
  className?: string;
}) {
  const [labelColumn, ...valueColumns] = columns;
  return (
    <table className={cn('w-full text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-ink-500">
          <th scope="col" className={cn('pb-2 font-medium', labelColumn?.className)}>
            {labelColumn?.label}
          </th>
          {valueColumns.map((c) => (
            <th key={c.label} scope="col" className={cn('pb-2 text-right font-medium', c.className)}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-100">
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className={cn('py-2 text-left font-normal text-ink-700', r.labelClassName)}>
              {r.label}
            </th>
            {r.values.map((v, i) => (
              <td key={valueColumns[i]?.label ?? i} className="py-2 text-right font-semibold text-ink-900 tabular-nums">
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
