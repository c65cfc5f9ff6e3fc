import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('rounded-xl border border-ink-200 bg-white shadow-card', className)} {...rest} />;
}

export function CardHeader({ className, ...rest }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-wrap items-start justify-between gap-3 border-b border-ink-100 px-5 py-4', className)}
      {...rest}
    />
  );
}

export function CardTitle({ className, children, ...rest }: ComponentProps<'h2'>) {
  return (
    <h2 className={cn('text-base font-semibold text-ink-900', className)} {...rest}>
      {children}
    </h2>
  );
}

export function CardDescription({ className, ...rest }: ComponentProps<'p'>) {
  return <p className={cn('mt-0.5 text-sm text-ink-500', className)} {...rest} />;
}

export function CardBody({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('px-5 py-4', className)} {...rest} />;
}
