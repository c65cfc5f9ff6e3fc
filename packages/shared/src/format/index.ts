import { TZDate, tz } from '@date-fns/tz';
import { format, isValid } from 'date-fns';

/**
 * Brickyard is a UK marketplace: every date a person reads (mail, PDFs, dashboards) is shown in
 * UK time, Europe/London with British Summer Time, whatever the time zone of the server or the
 * browser. Machine-readable exports (CSV, JSON) keep ISO timestamps in UTC.
 */
export const UK_TIME_ZONE = 'Europe/London';
/** The words that follow a time of day so the reader knows which clock it is. */
export const UK_TIME_LABEL = 'UK time';
const inUk = { in: tz(UK_TIME_ZONE) };

const toDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return isValid(d) ? d : null;
};

/** Formats with a date-fns pattern in UK time; null for missing or unreadable values. */
export function formatInUk(value: string | number | Date | null | undefined, pattern: string): string | null {
  const d = toDate(value);
  return d ? format(d, pattern, inUk) : null;
}

/** The instant a UK calendar day (yyyy-MM-dd) begins: midnight in London, GMT or BST. */
export function startOfUkDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, UK_TIME_ZONE).getTime());
}

/** "02 Jul 2026 00:30 UK time" (with `seconds`, "02 Jul 2026 00:30:00 UK time"). */
export function formatUkDateTime(
  value: string | number | Date | null | undefined,
  opts: { seconds?: boolean } = {},
): string {
  const s = formatInUk(value, opts.seconds ? 'dd MMM yyyy HH:mm:ss' : 'dd MMM yyyy HH:mm');
  return s ? `${s} ${UK_TIME_LABEL}` : 'Not specified';
}

/** docs/product.md section 5: a leading UUID (and an optional dash) is removed from a file's display name. */
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

/** docs/product.md section 9: posted dates use dd MMM yyyy, the calendar day in the UK. */
export function formatPostedDate(value: string | number | Date | null | undefined): string {
  return formatInUk(value, 'dd MMM yyyy') ?? 'Not specified';
}

/** Region keys like "north-west" shown as "North West" (docs/product.md section 2 Profile view). */
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

/**
 * A CPV code as people read it: "45261910 · Roof repair" (the code alone when the vocabulary has
 * no label for it). The API answers codes with their labels (`cpv: {code, label}[]`), so the web
 * never loads the 9,454 labels of the CPV 2008 vocabulary itself.
 */
export function formatCpv(c: { code: string; label?: string | null }): string {
  const label = c.label?.trim();
  return label ? `${c.code} · ${label}` : c.code;
}
