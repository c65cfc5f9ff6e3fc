import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, ...rest }: ComponentProps<'label'>) {
  // Callers pass htmlFor (or nest the control) through rest, where the rule cannot see it.
  // eslint-disable-next-line jsx-a11y/label-has-associated-control
  return <label className={cn('block text-sm font-medium text-ink-800', className)} {...rest} />;
}
