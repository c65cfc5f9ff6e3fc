import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const controlClasses = cn(
  'block w-full rounded-lg border border-ink-300 bg-white px-3 text-sm text-ink-900 shadow-sm transition-colors',
  'placeholder:text-ink-400 hover:border-ink-400',
  'focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-500/25',
  'disabled:cursor-not-allowed disabled:bg-ink-50 disabled:text-ink-500',
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20',
);

// Read-only styling applies to text fields only: Chromium treats every <select> as :read-only.
const readOnlyClasses = 'read-only:bg-ink-50 read-only:text-ink-600 read-only:focus:ring-0';

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={cn(controlClasses, readOnlyClasses, 'h-10', className)} {...rest} />;
}

export function Textarea({ className, rows = 5, ...rest }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(controlClasses, readOnlyClasses, 'py-2 leading-relaxed', className)}
      {...rest}
    />
  );
}
