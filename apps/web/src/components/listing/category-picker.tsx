import { CATEGORIES, categoryByKey } from '@brickyard/shared';
import { Check } from 'lucide-react';
import { SelectField } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { ComponentProps } from 'react';

/** The construction categories of packages/shared (domain/categories.ts) as a select. */
export function CategorySelect({
  label = 'Category',
  placeholder = 'Choose a category',
  ...rest
}: Omit<ComponentProps<typeof SelectField>, 'children' | 'label'> & { label?: string; placeholder?: string }) {
  return (
    <SelectField label={label} {...rest}>
      <option value="">{placeholder}</option>
      {CATEGORIES.map((c) => (
        <option key={c.key} value={c.key}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Toggle chips for the subcategories of `category`. */
export function SubcategoryPicker({
  category,
  value,
  onChange,
  error,
  label = 'Subcategories',
}: {
  category: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  label?: string;
}) {
  const c = categoryByKey(category);
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-ink-800">
        {label} <span className="font-normal text-ink-500">(optional)</span>
      </legend>
      {!c ? (
        <p className="text-sm text-ink-500">Choose a category first.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {c.subcategories.map((s) => {
            const on = value.includes(s.key);
            return (
              <button
                key={s.key}
                type="button"
                aria-pressed={on}
                onClick={() => onChange(on ? value.filter((v) => v !== s.key) : [...value, s.key])}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors',
                  on
                    ? 'border-brand-500 bg-brand-50 font-medium text-brand-900'
                    : 'border-ink-200 bg-white text-ink-700 hover:border-ink-300 hover:bg-ink-50',
                )}
              >
                {on && <Check className="size-3.5" aria-hidden="true" />}
                {s.name}
              </button>
            );
          })}
        </div>
      )}
      {error && <p className="text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}
