import {
  categoryName,
  formatInUk,
  formatPence,
  formatPostedDate,
  formatUkDateTime,
  regionName,
  type AuditEvent,
  type Tender,
} from '@brickyard/shared';
import { toCsv } from '../../platform/csv.ts';
import { createPdf, factsTable, FONT, headCell, heading, INK, pageFooters, pdfText } from '../../platform/pdf/pdf.ts';

/**
 * The audit trail export of GET /api/tender/{id}/audit: a PDF document (title, tender summary,
 * event table), CSV (one row per changed field) or JSON.
 */

const ACTION_LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Details updated',
  status_changed: 'Status changed',
  files_changed: 'Files changed',
  file_added: 'File added',
  file_removed: 'File removed',
  awarded: 'Awarded',
  completed: 'Completed',
  deleted: 'Deleted',
};
export const actionLabel = (a: string) => ACTION_LABELS[a] ?? a;

const FIELD_LABELS: Record<string, string> = {
  valuePence: 'Value',
  budgetPence: 'Budget',
  leadTime: 'Lead time (days)',
  supportingDocumentIds: 'Supporting documents',
  requiredCertifications: 'Required certifications',
  qualityStandards: 'Quality standards',
  warrantyRequirement: 'Warranty required',
  paymentTerms: 'Payment terms',
  supplierType: 'Supplier type',
  awardedSupplierId: 'Awarded supplier',
};
const fieldLabel = (f: string) => FIELD_LABELS[f] ?? f.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/** One value as text: money in £, lists joined, attachments by name. */
export function valueText(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if ((field === 'valuePence' || field === 'budgetPence') && typeof v === 'number') return formatPence(v);
  if (field === 'deadline' && typeof v === 'string') return formatUkDateTime(v);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) {
    if (!v.length) return '-';
    return v.map((x) => (x && typeof x === 'object' && 'name' in x ? String((x as { name: unknown }).name) : String(x))).join(', ');
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';
}

/** Times in the PDF's event table, in UK time (the column header says so). */
const when = (iso: string) => formatInUk(iso, 'dd MMM yyyy HH:mm:ss') ?? '';

export function auditCsv(events: AuditEvent[]): string {
  const rows: string[][] = [];
  for (const e of events) {
    const entries = Object.entries(e.changes);
    if (!entries.length) rows.push([e.createdAt, e.actor.name, e.actor.companyName ?? '', actionLabel(e.action), '', '', '']);
    for (const [field, c] of entries) {
      rows.push([e.createdAt, e.actor.name, e.actor.companyName ?? '', actionLabel(e.action), fieldLabel(field), valueText(field, c.from), valueText(field, c.to)]);
    }
  }
  return toCsv(['Timestamp (UTC)', 'Who', 'Company', 'Action', 'Field', 'From', 'To'], rows);
}

export async function auditPdf(tender: Tender, events: AuditEvent[], generatedAt = new Date()): Promise<Buffer> {
  const pdf = createPdf({
    margin: 48,
    bufferPages: true,
    info: { Title: `Audit trail: ${pdfText(tender.title, 120)}`, Author: 'Brickyard', Subject: 'Tender audit trail', CreationDate: generatedAt },
  });
  const { doc } = pdf;

  doc.font(FONT.bold).fontSize(20).fillColor(INK.text).text('Tender audit trail');
  doc.moveDown(0.2).font(FONT.regular).fontSize(10).fillColor(INK.muted).text(`Generated ${formatUkDateTime(generatedAt)} by Brickyard`);
  heading(pdf, pdfText(tender.title, 200), { size: 14, after: 0.5 });

  const summary: Array<[string, string]> = [
    ['Reference', tender.id],
    ['Buyer', tender.user.companyName],
    ['Status', tender.status],
    ['Category', [categoryName(tender.category), ...tender.subcategories].join(' / ')],
    ['Region', regionName(tender.region)],
    ['Budget', tender.budgetPence === null ? 'Not specified' : formatPence(tender.budgetPence)],
    ['Closing deadline', formatUkDateTime(tender.deadline)],
    ['Created', formatPostedDate(tender.createdAt)],
    ['Events', String(events.length)],
  ];
  factsTable(pdf, summary.map(([k, v]) => [k, pdfText(v, 300)]), { labelWidth: 130, padding: [2, 4] });

  heading(pdf, 'Events', { after: 0.4 });
  doc.font(FONT.regular).fontSize(8.5);
  const header = ['When (UK time)', 'Who', 'Action', 'Field', 'From', 'To'].map((text) => headCell(text));
  const rows: string[][] = [];
  for (const e of events) {
    const entries = Object.entries(e.changes);
    const who = pdfText(e.actor.companyName ? `${e.actor.name} (${e.actor.companyName})` : e.actor.name, 80);
    if (!entries.length) rows.push([when(e.createdAt), who, actionLabel(e.action), '', '', '']);
    entries.forEach(([field, c], i) => {
      rows.push([
        i === 0 ? when(e.createdAt) : '',
        i === 0 ? who : '',
        i === 0 ? actionLabel(e.action) : '',
        fieldLabel(field),
        pdfText(valueText(field, c.from), 160),
        pdfText(valueText(field, c.to), 160),
      ]);
    });
  }
  if (!rows.length) rows.push(['', '', 'No events recorded', '', '', '']);
  doc.table({
    columnStyles: [78, 90, 62, 70, '*', '*'],
    defaultStyle: { padding: [3, 3], border: 0.5, borderColor: INK.rule },
    data: [header, ...rows],
  });

  pageFooters(pdf, (page, count) => `Page ${page} of ${count}`);
  return pdf.finish();
}
