import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** An on/off switch: a real checkbox (role=switch) so labels, keyboard and forms just work. */
export function Switch({ className, ...rest }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <span className={cn('relative inline-flex h-6 w-11 shrink-0 items-center', className)}>
      <input
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 z-10 m-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
        {...rest}
      />
      <span
        aria-hidden="true"
        className={cn(
          'pointer-events-none h-6 w-11 rounded-full bg-ink-300 transition-colors',
          'peer-checked:bg-brand-500 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:opacity-55',
        )}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-0.5 size-5 rounded-full bg-white shadow-sm transition-transform peer-checked:translate-x-5"
      />
    </span>
  );
}
