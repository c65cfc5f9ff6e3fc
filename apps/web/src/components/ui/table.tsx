import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Table({ className, ...rest }: ComponentProps<'table'>) {
  return (
    // A focusable region: on a narrow screen the table scrolls sideways, and keyboard users scroll it too.
    <div
      role="region"
      aria-label={rest['aria-label']}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-ink-200 bg-white shadow-card"
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...rest} />
    </div>
  );
}
export function THead({ className, ...rest }: ComponentProps<'thead'>) {
  return (
    <thead
      className={cn('bg-ink-50 text-xs font-semibold tracking-wide text-ink-500 uppercase', className)}
      {...rest}
    />
  );
}
export function TBody({ className, ...rest }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-ink-100', className)} {...rest} />;
}
export function TR({ className, ...rest }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-ink-50/60', className)} {...rest} />;
}
export function TH({ className, scope = 'col', ...rest }: ComponentProps<'th'>) {
  return <th scope={scope} className={cn('px-4 py-3 whitespace-nowrap', className)} {...rest} />;
}
export function TD({ className, ...rest }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle text-ink-700', className)} {...rest} />;
}
