import { REGIONS } from '@brickyard/shared';
import type { ComponentProps } from 'react';
import { SelectField } from '@/components/ui';

/** UK regions (packages/shared domain/regions.ts). */
export function RegionSelect({
  label = 'Region',
  placeholder = 'Choose a region',
  ...rest
}: Omit<ComponentProps<typeof SelectField>, 'children' | 'label'> & { label?: string; placeholder?: string }) {
  return (
    <SelectField label={label} {...rest}>
      <option value="">{placeholder}</option>
      {REGIONS.map((r) => (
        <option key={r.key} value={r.key}>
          {r.name}
        </option>
      ))}
    </SelectField>
  );
}
