import { REGIONS } from '@brickyard/shared';
import { ChipToggle } from './chip-toggle';

/** Delivery locations: UK regions as chips; locations saved earlier outside the list stay shown. */
export function RegionsPicker({
  value,
  onChange,
  legend,
  hint,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  legend: string;
  hint?: string;
}) {
  const known = new Set<string>(REGIONS.map((r) => r.key));
  const others = value.filter((v) => !known.has(v));
  const toggle = (key: string) => onChange(value.includes(key) ? value.filter((v) => v !== key) : [...value, key]);
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-ink-800">
        {legend} <span className="font-normal text-ink-500">(optional)</span>
      </legend>
      {hint && <p className="text-xs text-ink-500">{hint}</p>}
      <div className="flex flex-wrap gap-2 pt-1">
        {REGIONS.map((r) => (
          <ChipToggle key={r.key} on={value.includes(r.key)} onToggle={() => toggle(r.key)}>
            {r.name}
          </ChipToggle>
        ))}
        {others.map((o) => (
          <ChipToggle key={o} on onToggle={() => toggle(o)}>
            {o}
          </ChipToggle>
        ))}
      </div>
    </fieldset>
  );
}
