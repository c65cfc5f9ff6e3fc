import { format, isValid } from 'date-fns';

/** SPEC.md section 5: a leading UUID (and an optional dash) is removed from a file's display name. */
const UUID_PREFIX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-?/i;
export function cleanFileName(name: string): string {
  const base = name.split('/').pop() ?? name;
  return base.replace(UUID_PREFIX, '');
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const gbpWhole = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});
/** £1,234.50 from pence; whole pounds drop the pence. */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? gbpWhole.format(pence / 100) : gbp.format(pence / 100);
}

/** SPEC.md section 9: posted dates use dd MMM yyyy. */
export function formatPostedDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Not specified';
  const d = value instanceof Date ? value : new Date(value);
  return isValid(d) ? format(d, 'dd MMM yyyy') : 'Not specified';
}

/** Region keys like "north-west" shown as "North West" (SPEC.md section 2 Profile view). */
export function prettifyRegion(region: string | null | undefined): string {
  if (!region) return 'Not specified';
  return region
    .split(/[-\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last].filter(Boolean).join(' ').trim();
}
