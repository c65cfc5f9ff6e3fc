import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { controlClasses } from '@/components/ui/input';

/** Free-text tags: Enter or comma adds one, Backspace on an empty box removes the last. */
export function TagInput({
  label,
  value,
  onChange,
  placeholder = 'Type and press Enter',
  hint,
  error,
  max = 30,
  optional = true,
}: {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  placeholder?: string;
  hint?: string;
  error?: string;
  max?: number;
  optional?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');

  function add(raw: string) {
    const parts = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!parts.length) return;
    const next = [...value];
    for (const p of parts)
      if (!next.some((v) => v.toLowerCase() === p.toLowerCase()) && next.length < max) next.push(p.slice(0, 100));
    onChange(next);
    setDraft('');
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(draft);
    } else if (e.key === 'Backspace' && draft === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-ink-800">
          {label}
        </label>
        {optional && <span className="text-xs text-ink-500">Optional</span>}
      </div>
      <div
        className={cn(
          controlClasses,
          'flex min-h-10 flex-wrap items-center gap-1.5 py-1.5 read-only:bg-white read-only:text-ink-900 focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/25',
          error && 'border-red-500',
        )}
      >
        {value.map((t) => (
          <span
            key={t}
            className="inline-flex items-center gap-1 rounded-md bg-ink-100 py-0.5 pr-1 pl-2 text-xs font-medium text-ink-800"
          >
            {t}
            <button
              type="button"
              className="rounded p-0.5 text-ink-500 hover:bg-ink-200 hover:text-ink-900"
              onClick={() => onChange(value.filter((v) => v !== t))}
              aria-label={`Remove ${t}`}
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKey}
          onBlur={() => add(draft)}
          placeholder={value.length ? '' : placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className="min-w-32 flex-1 border-0 bg-transparent p-0 text-sm outline-none placeholder:text-ink-400 focus:ring-0"
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
