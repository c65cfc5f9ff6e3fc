import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A pressable chip for multi-choice pickers (categories, delivery regions). */
export function ChipToggle({ on, onToggle, children }: { on: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors',
        on
          ? 'border-brand-500 bg-brand-50 font-medium text-brand-900'
          : 'border-ink-200 bg-white text-ink-700 hover:border-ink-300 hover:bg-ink-50',
      )}
    >
      {on && <Check className="size-3.5" aria-hidden="true" />}
      {children}
    </button>
  );
}
