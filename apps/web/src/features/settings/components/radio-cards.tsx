import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface RadioCardOption<T extends string> {
  value: T;
  label: string;
  description: ReactNode;
}

/** A labelled group of radio buttons drawn as selectable cards. */
export function RadioCards<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: T;
  options: RadioCardOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  const base = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-ink-800">{legend}</legend>
      <div className="grid gap-3 md:grid-cols-2">
        {options.map((o) => {
          const id = `${base}-${o.value}`;
          const on = o.value === value;
          return (
            <label
              key={o.value}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors',
                on
                  ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
                  : 'border-ink-200 bg-white hover:border-ink-300',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={o.value}
                checked={on}
                disabled={disabled}
                onChange={() => onChange(o.value)}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              <span className="text-sm">
                <span className="block font-semibold text-ink-900">{o.label}</span>
                <span className="mt-0.5 block text-ink-600">{o.description}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
