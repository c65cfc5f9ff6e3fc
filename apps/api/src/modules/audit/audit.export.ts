import PDFDocument from 'pdfkit';
import {
  categoryName,
  formatPence,
  formatPostedDate,
  regionName,
  type AuditEvent,
  type Tender,
} from '@brickyard/shared';
import { format } from 'date-fns';
import { toCsv } from '../../platform/csv.ts';

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
  if (field === 'deadline' && typeof v === 'string') return format(new Date(v), 'dd MMM yyyy HH:mm');
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) {
    if (!v.length) return '-';
    return v.map((x) => (x && typeof x === 'object' && 'name' in x ? String((x as { name: unknown }).name) : String(x))).join(', ');
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const when = (iso: string) => format(new Date(iso), 'dd MMM yyyy HH:mm:ss');

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

/** Standard PDF fonts speak WinAnsi: keep text to what they can draw. */
const pdfText = (s: string, max = 300) => {
  const t = s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[^\x09\x0a\x0d\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2022\u20ac]/g, '?');
  return t.length > max ? `${t.slice(0, max - 1)}…`.replace('…', '...') : t;
};

export async function auditPdf(tender: Tender, events: AuditEvent[], generatedAt = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    bufferPages: true,
    info: { Title: `Audit trail: ${pdfText(tender.title, 120)}`, Author: 'Brickyard', Subject: 'Tender audit trail', CreationDate: generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111827').text('Tender audit trail');
  doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor('#4b5563').text(`Generated ${format(generatedAt, 'dd MMM yyyy HH:mm')} by Brickyard`);
  doc.moveDown(1).font('Helvetica-Bold').fontSize(14).fillColor('#111827').text(pdfText(tender.title, 200));
  doc.moveDown(0.5);

  const summary: Array<[string, string]> = [
    ['Reference', tender.id],
    ['Buyer', tender.user.companyName],
    ['Status', tender.status],
    ['Category', [categoryName(tender.category), ...tender.subcategories].join(' / ')],
    ['Region', regionName(tender.region)],
    ['Budget', tender.budgetPence === null ? 'Not specified' : formatPence(tender.budgetPence)],
    ['Closing deadline', tender.deadline ? format(new Date(tender.deadline), 'dd MMM yyyy HH:mm') : 'Not specified'],
    ['Created', formatPostedDate(tender.createdAt)],
    ['Events', String(events.length)],
  ];
  doc.fontSize(10);
  doc.table({
    columnStyles: [130, '*'],
    defaultStyle: { border: 0, padding: [2, 4] },
    data: summary.map(([k, v]) => [{ text: k, font: { family: 'Helvetica-Bold' } }, pdfText(v)]),
  });

  doc.moveDown(1).font('Helvetica-Bold').fontSize(13).text('Events', doc.page.margins.left);
  doc.moveDown(0.4).font('Helvetica').fontSize(8.5);
  const header = ['When (UTC)', 'Who', 'Action', 'Field', 'From', 'To'].map((text) => ({
    text,
    font: { family: 'Helvetica-Bold' },
    backgroundColor: '#e5e7eb',
  }));
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
    defaultStyle: { padding: [3, 3], border: 0.5, borderColor: '#d1d5db' },
    data: [header, ...rows],
  });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Write in the bottom margin without pdfkit starting a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#6b7280')
      .text(`Page ${i + 1} of ${range.count}`, doc.page.margins.left, doc.page.height - 36, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
