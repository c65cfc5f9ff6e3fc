import { CATEGORIES, categoryByKey, isSubcategoryOf } from '@brickyard/shared';
import { SubcategoryPicker } from '@/components/listing';
import { ChipToggle } from './chip-toggle';

/**
 * Preferred categories (any number) and, under each chosen one, its subcategories — the same
 * taxonomy and chips the tender and catalogue forms use.
 */
export function CategoriesPicker({
  categories,
  subcategories,
  onChange,
  legend,
  error,
}: {
  categories: string[];
  subcategories: string[];
  onChange: (next: { categories: string[]; subcategories: string[] }) => void;
  legend: string;
  error?: string;
}) {
  function toggle(key: string) {
    if (categories.includes(key)) {
      onChange({
        categories: categories.filter((c) => c !== key),
        subcategories: subcategories.filter((s) => !isSubcategoryOf(key, s)),
      });
    } else {
      onChange({ categories: [...categories, key], subcategories });
    }
  }
  const chosen = categories.map((k) => categoryByKey(k)).filter((c) => c !== undefined);
  return (
    <div className="space-y-5">
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-ink-800">
          {legend} <span className="font-normal text-ink-500">(optional)</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {CATEGORIES.map((c) => (
            <ChipToggle key={c.key} on={categories.includes(c.key)} onToggle={() => toggle(c.key)}>
              {c.name}
            </ChipToggle>
          ))}
        </div>
        {error && <p className="text-sm text-red-600">{error}</p>}
      </fieldset>
      {chosen.length > 0 && (
        <div className="space-y-4 rounded-lg border border-ink-100 bg-ink-50/60 p-4">
          {chosen.map((c) => (
            <SubcategoryPicker
              key={c.key}
              category={c.key}
              label={`${c.name} subcategories`}
              value={subcategories}
              onChange={(next) => onChange({ categories, subcategories: next })}
            />
          ))}
        </div>
      )}
    </div>
  );
}
