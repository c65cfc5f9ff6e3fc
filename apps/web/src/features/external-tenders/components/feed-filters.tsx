import { X } from 'lucide-react';
import { EXTERNAL_TENDER_STATUSES, type ExternalTenderFacets, type FacetBucket } from '@brickyard/shared';
import { Button, SelectField, TextField } from '@/components/ui';
import { FILTER_KEYS, filterErrors, type FilterKey, type FilterValues } from './criteria';
import { statusLabel } from './display';

/** Options of a facet with their counts; the chosen value stays listed even when it has no hits. */
function facetOptions(buckets: FacetBucket[] | undefined, selected: string, label: (b: FacetBucket) => string) {
  const list = [...(buckets ?? [])];
  if (selected && !list.some((b) => b.value === selected)) list.push({ value: selected, count: 0 });
  return list.map((b) => (
    <option key={b.value} value={b.value}>
      {label(b)} ({b.count.toLocaleString('en-GB')})
    </option>
  ));
}

/** Status, value range, location, CPV division and closing window, with facet counts from the search. */
export function FeedFilters({
  values,
  facets,
  onChange,
}: {
  values: FilterValues;
  facets: ExternalTenderFacets | undefined;
  onChange: (patch: Partial<Record<FilterKey, string | undefined>>) => void;
}) {
  const errors = filterErrors(values);
  const active = FILTER_KEYS.filter((k) => values[k]).length;
  const statusBuckets = facets?.status
    ? [...facets.status].sort(
        (a, b) =>
          (EXTERNAL_TENDER_STATUSES as readonly string[]).indexOf(a.value) -
          (EXTERNAL_TENDER_STATUSES as readonly string[]).indexOf(b.value),
      )
    : undefined;
  // "Open" is always offered, with its honest count (often 0 in an old snapshot).
  if (statusBuckets && !statusBuckets.some((b) => b.value === 'open'))
    statusBuckets.unshift({ value: 'open', count: 0 });
  const money = (v: string) => v.replace(/[£$€,\s]/g, '');

  return (
    <div className="space-y-4">
      <SelectField label="Status" value={values.status} onChange={(e) => onChange({ status: e.target.value })}>
        <option value="">Any status</option>
        {facetOptions(statusBuckets, values.status, (b) => statusLabel(b.value))}
      </SelectField>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink-800">Value</legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={<span className="text-xs font-normal text-ink-600">Minimum</span>}
            inputMode="decimal"
            placeholder="0"
            value={values.minValue}
            error={errors.minValue}
            onChange={(e) => onChange({ minValue: money(e.target.value) })}
          />
          <TextField
            label={<span className="text-xs font-normal text-ink-600">Maximum</span>}
            inputMode="decimal"
            placeholder="Any"
            value={values.maxValue}
            error={errors.maxValue}
            onChange={(e) => onChange({ maxValue: money(e.target.value) })}
          />
        </div>
      </fieldset>
      <SelectField label="Location" value={values.location} onChange={(e) => onChange({ location: e.target.value })}>
        <option value="">Anywhere</option>
        {facetOptions(facets?.locations, values.location, (b) => b.label ?? b.value)}
      </SelectField>
      <SelectField label="CPV division" value={values.cpv} onChange={(e) => onChange({ cpv: e.target.value })}>
        <option value="">All divisions</option>
        {facetOptions(facets?.cpvDivisions, values.cpv, (b) => `${b.value} · ${b.label ?? 'Division'}`)}
      </SelectField>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink-800">Closing date</legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={<span className="text-xs font-normal text-ink-600">From</span>}
            type="date"
            value={values.closingFrom}
            error={errors.closingFrom}
            onChange={(e) => onChange({ closingFrom: e.target.value })}
          />
          <TextField
            label={<span className="text-xs font-normal text-ink-600">To</span>}
            type="date"
            value={values.closingTo}
            error={errors.closingTo}
            onChange={(e) => onChange({ closingTo: e.target.value })}
          />
        </div>
      </fieldset>
      {active > 0 && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])))}
          leftIcon={<X className="size-4" aria-hidden="true" />}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
