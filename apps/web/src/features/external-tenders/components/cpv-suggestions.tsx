import { Tags, X } from 'lucide-react';
import type { CpvSuggestion, QueryReading } from '@brickyard/shared';
import { cn } from '@/lib/cn';

/**
 * Under the live feed's search box: the CPV categories the typed words mean, each one click from
 * filtering the feed by it ("Roof repair · 45261910"), and the spellings the search corrected.
 */
export function CpvSuggestions({
  suggestions,
  reading,
  selected,
  onPick,
  onClear,
}: {
  suggestions: CpvSuggestion[];
  reading: QueryReading | undefined;
  selected: string;
  onPick: (code: string) => void;
  onClear: () => void;
}) {
  const corrections = reading?.corrections ?? [];
  if (!suggestions.length && !corrections.length && !selected) return null;
  return (
    <div className="mt-3 space-y-2 text-sm">
      {corrections.length > 0 && (
        <p className="text-ink-600">
          Also searching for{' '}
          {corrections.map((c, i) => (
            <span key={c.word}>
              {i > 0 && ', '}
              <span className="font-medium text-ink-900">{c.to}</span> (you typed “{c.word}”)
            </span>
          ))}
        </p>
      )}
      {(suggestions.length > 0 || selected) && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="CPV categories for your search">
          <span className="flex items-center gap-1 text-ink-600">
            <Tags className="size-4 text-ink-400" aria-hidden="true" />
            Categories:
          </span>
          {selected && (
            <button
              type="button"
              onClick={onClear}
              className="inline-flex items-center gap-1 rounded-full border border-brand-600 bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800"
            >
              CPV {selected}
              <X className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Remove the CPV filter</span>
            </button>
          )}
          {suggestions
            .filter((s) => s.filter !== selected)
            .map((s) => (
              <button
                key={s.code}
                type="button"
                onClick={() => onPick(s.filter)}
                title={
                  s.filter === s.code
                    ? `Show the ${s.count} notices classed ${s.label} (${s.code})`
                    : `Show the ${s.count} notices of its CPV class (${s.filter}…)`
                }
                className={cn(
                  'inline-flex max-w-full items-center gap-1 rounded-full border border-ink-200 bg-white px-2.5 py-1 text-xs text-ink-800 shadow-sm',
                  'hover:border-brand-400 hover:text-brand-800',
                )}
              >
                <span className="truncate">{s.label}</span>
                <span className="text-ink-500 tabular-nums">
                  · {s.code} ({s.count.toLocaleString('en-GB')})
                </span>
              </button>
            ))}
        </div>
      )}
    </div>
  );
}
