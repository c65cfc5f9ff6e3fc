/** UK regions (ITL1) plus "UK-wide", as stored slugs and display names. */
export const REGIONS = [
  { key: 'north-east', name: 'North East' },
  { key: 'north-west', name: 'North West' },
  { key: 'yorkshire-and-the-humber', name: 'Yorkshire and the Humber' },
  { key: 'east-midlands', name: 'East Midlands' },
  { key: 'west-midlands', name: 'West Midlands' },
  { key: 'east-of-england', name: 'East of England' },
  { key: 'london', name: 'London' },
  { key: 'south-east', name: 'South East' },
  { key: 'south-west', name: 'South West' },
  { key: 'wales', name: 'Wales' },
  { key: 'scotland', name: 'Scotland' },
  { key: 'northern-ireland', name: 'Northern Ireland' },
  { key: 'uk-wide', name: 'UK-wide' },
] as const;

export type RegionKey = (typeof REGIONS)[number]['key'];
export const REGION_KEYS = REGIONS.map((r) => r.key) as [RegionKey, ...RegionKey[]];

/** A region key from its key or display name (any case, spaces or hyphens); unknown values as given. */
export function normaliseRegion(value: string): string {
  const v = value.trim().toLowerCase().replace(/\s+/g, '-');
  return REGIONS.find((r) => r.key === v || r.name.toLowerCase().replace(/\s+/g, '-') === v)?.key ?? value.trim();
}

export function regionName(key: string | null | undefined): string {
  if (!key) return 'Not specified';
  return REGIONS.find((r) => r.key === key)?.name ?? key;
}
