import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/format';

export function Avatar({ name, role, className }: { name: string; role: 'buyer' | 'supplier'; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
        role === 'supplier' ? 'bg-brand-100 text-brand-900' : 'bg-sky-100 text-sky-900',
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
