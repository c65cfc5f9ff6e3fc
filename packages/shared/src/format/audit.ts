import { CATEGORIES, categoryName } from '../domain/categories.ts';
import { regionName } from '../domain/regions.ts';
import { formatPence, formatUkDateTime } from './index.ts';

/**
 * How a tender's audit trail reads to a person: on screen, in the PDF and in the CSV. A buyer
 * defends an award with this export, so it shows names, £ amounts and labels, never ids, pence
 * or slugs. The API resolves the ids of the trail (suppliers, responses, questions, files) into
 * `names` and hands every reader the same lines.
 */

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Details updated',
  status_changed: 'Status changed',
  files_changed: 'Files changed',
  file_added: 'File added',
  file_removed: 'File removed',
  awarded: 'Awarded',
  completed: 'Completed',
  deleted: 'Deleted',
  response_submitted: 'Response submitted',
  response_withdrawn: 'Response withdrawn',
  response_shortlisted: 'Response shortlisted',
  response_awarded: 'Response awarded',
  question_asked: 'Question asked',
  question_answered: 'Question answered',
};
export const auditActionLabel = (action: string) =>
  AUDIT_ACTION_LABELS[action] ?? sentenceCase(action.replace(/_/g, ' '));

const FIELD_LABELS: Record<string, string> = {
  valuePence: 'Value',
  budgetPence: 'Budget',
  contractValuePence: 'Contract value',
  totalPence: 'Response total',
  leadTime: 'Lead time (days)',
  supportingDocumentIds: 'Supporting documents',
  requiredCertifications: 'Required certifications',
  qualityStandards: 'Quality standards',
  warrantyRequirement: 'Warranty required',
  paymentTerms: 'Payment terms',
  supplierType: 'Supplier type',
  awardedSupplierId: 'Awarded supplier',
  subcategories: 'Subcategories',
  responseMode: 'Responses',
};

function sentenceCase(s: string): string {
  const spaced = s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function auditFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? sentenceCase(field.replace(/(Id|Ids)$/, ''));
}

const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  active: 'Active',
  pending: 'Pending',
  fulfilled: 'Fulfilled',
  closed: 'Closed',
  cancelled: 'Cancelled',
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  awarded: 'Awarded',
  unsuccessful: 'Unsuccessful',
  withdrawn: 'Withdrawn',
  sealed: 'Sealed until the deadline',
  open: 'Open',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Every id in a trail's changes, for the API to name. */
export function auditIds(changes: Record<string, { from: unknown; to: unknown }>): string[] {
  const ids = new Set<string>();
  const visit = (v: unknown) => {
    if (typeof v === 'string' && UUID.test(v)) ids.add(v.toLowerCase());
    else if (Array.isArray(v)) v.forEach(visit);
  };
  for (const c of Object.values(changes)) {
    visit(c.from);
    visit(c.to);
  }
  return [...ids];
}

function subcategoryLabel(key: string): string {
  for (const c of CATEGORIES) {
    const s = c.subcategories.find((x) => x.key === key);
    if (s) return s.name;
  }
  return key;
}

/** One value of a change as a person reads it. `names` maps ids (lower case) to what they are. */
export function auditValueText(field: string, v: unknown, names: Readonly<Record<string, string>> = {}): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'number' && /Pence$/.test(field)) return formatPence(v);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) {
    if (!v.length) return '—';
    return v.map((x) => auditValueText(field === 'subcategories' ? 'subcategory' : field, x, names)).join(', ');
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string') return o.name;
    return '—';
  }
  const text =
    typeof v === 'string'
      ? v
      : typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean'
        ? String(v)
        : '';
  if (UUID.test(text)) return names[text.toLowerCase()] ?? 'a record since deleted';
  if (field === 'region') return regionName(text);
  if (field === 'category') return categoryName(text);
  if (field === 'subcategory' || field === 'subcategories') return subcategoryLabel(text);
  if (field === 'status' || field === 'responseMode') return STATUS_LABELS[text] ?? text;
  if (ISO_DATE_TIME.test(text)) return formatUkDateTime(text);
  return text;
}

export interface AuditLine {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** The lines of one event: each changed field with its label and both values as text. */
export function auditLines(
  changes: Record<string, { from: unknown; to: unknown }>,
  names: Readonly<Record<string, string>> = {},
): AuditLine[] {
  return Object.entries(changes).map(([field, c]) => ({
    field,
    label: auditFieldLabel(field),
    from: auditValueText(field, c.from, names),
    to: auditValueText(field, c.to, names),
  }));
}
