import {
  EXTERNAL_TENDER_STATUSES,
  type ExternalTenderCriteriaOutput,
  type ExternalTenderStatus,
} from '@brickyard/shared';
import { formatPostedDate } from '@/lib/format';
import { statusLabel } from './display';

/** The search criteria as URL parameters of /supplier/external-search (so Back and reload keep them). */
export const FILTER_KEYS = ['status', 'minValue', 'maxValue', 'location', 'cpv', 'closingFrom', 'closingTo'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Record<FilterKey, string>;

const MONEY = /^\d{1,13}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function filterValuesOf(params: URLSearchParams): FilterValues {
  return Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as FilterValues;
}

/** Errors shown beside the filter fields; a field with an error is left out of the search. */
export function filterErrors(v: FilterValues): Partial<Record<FilterKey, string>> {
  const errors: Partial<Record<FilterKey, string>> = {};
  if (v.minValue && !MONEY.test(v.minValue)) errors.minValue = 'Enter an amount, e.g. 5000';
  if (v.maxValue && !MONEY.test(v.maxValue)) errors.maxValue = 'Enter an amount, e.g. 50000';
  if (!errors.minValue && !errors.maxValue && v.minValue && v.maxValue && Number(v.minValue) > Number(v.maxValue)) {
    errors.maxValue = 'Must not be below the minimum';
  }
  if (v.closingFrom && !DATE.test(v.closingFrom)) errors.closingFrom = 'Enter a date';
  if (v.closingTo && !DATE.test(v.closingTo)) errors.closingTo = 'Enter a date';
  if (!errors.closingFrom && !errors.closingTo && v.closingFrom && v.closingTo && v.closingFrom > v.closingTo) {
    errors.closingTo = 'Must not be before the start of the window';
  }
  return errors;
}

/** The criteria the API is asked for: valid, non-empty values only. */
export function criteriaOf(q: string, v: FilterValues): ExternalTenderCriteriaOutput {
  const errors = filterErrors(v);
  const c: ExternalTenderCriteriaOutput = {};
  if (q) c.q = q;
  if ((EXTERNAL_TENDER_STATUSES as readonly string[]).includes(v.status)) c.status = v.status as ExternalTenderStatus;
  if (v.minValue && !errors.minValue) c.minValue = Number(v.minValue);
  if (v.maxValue && !errors.maxValue) c.maxValue = Number(v.maxValue);
  if (v.location.trim()) c.location = v.location.trim();
  if (/^\d{2,8}$/.test(v.cpv)) c.cpv = v.cpv;
  if (v.closingFrom && !errors.closingFrom) c.closingFrom = v.closingFrom;
  if (v.closingTo && !errors.closingTo) c.closingTo = v.closingTo;
  return c;
}

/** A saved search's criteria back to URL parameters. */
export function paramsOf(c: ExternalTenderCriteriaOutput): Record<string, string | undefined> {
  return {
    q: c.q,
    status: c.status,
    minValue: c.minValue?.toString(),
    maxValue: c.maxValue?.toString(),
    location: c.location,
    cpv: c.cpv,
    closingFrom: c.closingFrom?.slice(0, 10),
    closingTo: c.closingTo?.slice(0, 10),
  };
}

const amount = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/** Short labels of what a search asks for, e.g. ["“kayak”", "Status: Open", "Value 5,000 – 50,000"]. */
export function describeCriteria(c: ExternalTenderCriteriaOutput): string[] {
  const out: string[] = [];
  if (c.q) out.push(`“${c.q}”`);
  if (c.status) out.push(`Status: ${statusLabel(c.status)}`);
  if (c.minValue !== undefined && c.maxValue !== undefined)
    out.push(`Value ${amount(c.minValue)} – ${amount(c.maxValue)}`);
  else if (c.minValue !== undefined) out.push(`Value from ${amount(c.minValue)}`);
  else if (c.maxValue !== undefined) out.push(`Value up to ${amount(c.maxValue)}`);
  if (c.location) out.push(`Location: ${c.location}`);
  if (c.cpv) out.push(`CPV ${c.cpv.split(',').join(', ')}`);
  if (c.closingFrom && c.closingTo)
    out.push(`Closing ${formatPostedDate(c.closingFrom)} – ${formatPostedDate(c.closingTo)}`);
  else if (c.closingFrom) out.push(`Closing from ${formatPostedDate(c.closingFrom)}`);
  else if (c.closingTo) out.push(`Closing by ${formatPostedDate(c.closingTo)}`);
  return out;
}
