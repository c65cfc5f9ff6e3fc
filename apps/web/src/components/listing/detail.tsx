import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui';
import { cn } from '@/lib/cn';

/** A titled card section of a detail page. */
export function DetailSection({
  title,
  children,
  actions,
  className,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={className}>
      <Card>
        <CardHeader className="items-center py-3">
          <CardTitle>{title}</CardTitle>
          {actions}
        </CardHeader>
        <CardBody>{children}</CardBody>
      </Card>
    </section>
  );
}

export function DetailGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn('grid gap-x-6 gap-y-4 sm:grid-cols-2', className)}>{children}</dl>;
}

export function DetailItem({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-ink-900">{children}</dd>
    </div>
  );
}

export function TagList({ items, empty = 'Not specified' }: { items: string[]; empty?: string }) {
  if (!items.length) return <span className="text-ink-500">{empty}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((t) => (
        <li key={t} className="rounded-md bg-ink-100 px-2 py-0.5 text-xs font-medium text-ink-700">
          {t}
        </li>
      ))}
    </ul>
  );
}
