import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, ...rest }: ComponentProps<'label'>) {
  return <label className={cn('block text-sm font-medium text-ink-800', className)} {...rest} />;
}
