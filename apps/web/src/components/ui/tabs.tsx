import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs; the panel is labelled by the active tab. */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  children,
  className,
}: {
  items: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  children?: ReactNode;
  className?: string;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKey(e: KeyboardEvent, index: number) {
    let next: number;
    if (e.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else return;
    e.preventDefault();
    onChange(items[next]!.value);
    refs.current[next]?.focus();
  }
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-ink-200">
        {items.map((item, i) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={`${base}-tab-${item.value}`}
              role="tab"
              type="button"
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              onKeyDown={(e) => onKey(e, i)}
              className={cn(
                '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                selected ? 'border-brand-500 text-ink-900' : 'border-transparent text-ink-500 hover:text-ink-800',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {children !== undefined && (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${value}`} className="pt-5">
          {children}
        </div>
      )}
    </div>
  );
}

/** A two-or-more-way switch (e.g. Monthly / Yearly) built from pressed buttons. */
export function Segmented<T extends string>({
  items,
  value,
  onChange,
  label,
  className,
  tone = 'light',
}: {
  items: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  className?: string;
  tone?: 'light' | 'dark';
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        'inline-flex rounded-full p-1',
        tone === 'light' ? 'bg-ink-100 ring-1 ring-ink-200' : 'bg-white/10 ring-1 ring-white/15',
        className,
      )}
    >
      {items.map((item) => {
        const on = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(item.value)}
            className={cn(
              'rounded-full px-4 py-1.5 text-sm font-semibold transition-colors',
              on
                ? tone === 'light'
                  ? 'bg-white text-ink-900 shadow-sm'
                  : 'bg-brand-500 text-ink-950'
                : tone === 'light'
                  ? 'text-ink-600 hover:text-ink-900'
                  : 'text-ink-200 hover:text-white',
            )}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
