import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  const listRef = useRef<HTMLDivElement | null>(null);
  // Which edges have tabs scrolled out of sight (a narrow phone): those edges fade out.
  const [hidden, setHidden] = useState({ left: false, right: false });
  const measure = () => {
    const list = listRef.current;
    if (!list) return;
    const left = list.scrollLeft > 1;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setHidden((h) => (h.left === left && h.right === right ? h : { left, right }));
  };
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(list);
    return () => ro.disconnect();
  }, []);
  // The selected tab is scrolled into the bar's view (e.g. ?tab=saved opened on a phone), the
  // bar only: the page itself does not move.
  const selectedIndex = items.findIndex((i) => i.value === value);
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current[selectedIndex];
    if (!list || !tab) return;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth;
    measure();
  }, [selectedIndex]);
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
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onScroll={measure}
        className={cn(
          'relative flex gap-1 overflow-x-auto overscroll-x-contain border-b border-ink-200 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          hidden.left && hidden.right
            ? '[mask-image:linear-gradient(to_right,transparent,black_1.5rem,black_calc(100%-1.5rem),transparent)]'
            : hidden.right
              ? '[mask-image:linear-gradient(to_right,black_calc(100%-1.5rem),transparent)]'
              : hidden.left
                ? '[mask-image:linear-gradient(to_right,transparent,black_1.5rem)]'
                : '',
        )}
      >
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
