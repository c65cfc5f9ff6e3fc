import PDFDocument from 'pdfkit';
import { formatPence, VAT_RATE } from '@brickyard/shared';
import { format } from 'date-fns';
import type { BillingConfig } from '../../config.ts';
import type { BilledTo, InvoiceLine } from '../../db/schema/index.ts';

export interface InvoiceDocument {
  number: string;
  issuedAt: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
  status: string;
  lines: InvoiceLine[];
  netPence: number;
  vatPence: number;
  totalPence: number;
  billedTo: BilledTo;
}

/** Standard PDF fonts speak WinAnsi: keep text to what they can draw. */
const pdfText = (s: string) =>
  s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[^\x09\x0a\x0d\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2022\u20ac]/g, '?');

const day = (d: Date) => format(d, 'dd MMM yyyy');

/**
 * The invoice PDF of GET /api/billing/invoices/{id}/pdf: title, seller and buyer, number and
 * dates, the lines, net, VAT at 20% and total (money in £).
 */
export async function invoicePdf(inv: InvoiceDocument, seller: BillingConfig['seller'], supportEmail: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Invoice ${inv.number}`, Author: seller.name, Subject: 'Brickyard subscription invoice', CreationDate: inv.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(22).fillColor('#111827').text(inv.status === 'paid' ? 'Invoice (paid)' : 'Invoice');
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#4b5563').text(`Invoice number ${inv.number}`);
  doc.moveDown(1.2);

  const top = doc.y;
  const col = width / 2 - 10;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#111827').text('From', left, top, { width: col });
  doc.font('Helvetica').text(pdfText([seller.name, seller.address, seller.vatNumber ? `VAT number ${seller.vatNumber}` : '', supportEmail].filter(Boolean).join('\n')), { width: col });
  const afterSeller = doc.y;
  const b = inv.billedTo;
  const buyer = [
    b.companyName,
    b.addressLine1,
    b.addressLine2,
    [b.city, b.postcode].filter(Boolean).join(' '),
    b.country,
    b.vatNumber ? `VAT number ${b.vatNumber}` : '',
    b.billingEmail,
  ].filter(Boolean) as string[];
  doc.font('Helvetica-Bold').text('Bill to', left + col + 20, top, { width: col });
  doc.font('Helvetica').text(pdfText(buyer.join('\n')), { width: col });
  doc.y = Math.max(afterSeller, doc.y);
  doc.moveDown(1.2);

  const facts: Array<[string, string]> = [
    ['Invoice date', day(inv.issuedAt)],
    ['Tax point', day(inv.issuedAt)],
    ...(inv.periodStart && inv.periodEnd ? [['Service period', `${day(inv.periodStart)} – ${day(inv.periodEnd)}`] as [string, string]] : []),
    ['Status', inv.status === 'paid' ? 'Paid' : inv.status],
  ];
  doc.fontSize(10);
  doc.table({
    columnStyles: [120, '*'],
    defaultStyle: { border: 0, padding: [2, 0] },
    data: facts.map(([k, v]) => [{ text: k, font: { family: 'Helvetica-Bold' } }, pdfText(v)]),
  });
  doc.moveDown(1);

  const R = { x: 'right', y: 'top' } as const;
  const head = (text: string, right = false) => ({ text, align: right ? R : ({ x: 'left', y: 'top' } as const), font: { family: 'Helvetica-Bold' }, backgroundColor: '#e5e7eb' });
  const money = (p: number) => (p < 0 ? `-${formatPence(-p)}` : formatPence(p));
  const rows = inv.lines.map((l) => [pdfText(l.description), { text: money(l.amountPence), align: R }]);
  const total = (label: string, value: string, bold = false) => [
    { text: label, align: R, font: { family: bold ? 'Helvetica-Bold' : 'Helvetica' } },
    { text: value, align: R, font: { family: bold ? 'Helvetica-Bold' : 'Helvetica' } },
  ];
  doc.x = left;
  doc.table({
    columnStyles: ['*', 110],
    defaultStyle: { padding: [4, 4], border: 0.5, borderColor: '#d1d5db' },
    data: [
      [head('Description'), head('Amount (GBP)', true)],
      ...rows,
      total('Net', money(inv.netPence)),
      total(`VAT at ${Math.round(VAT_RATE * 100)}%`, money(inv.vatPence)),
      total('Total', money(inv.totalPence), true),
    ],
  });

  doc.moveDown(2).font('Helvetica').fontSize(8.5).fillColor('#6b7280');
  doc.text(pdfText(`Amounts in pounds sterling. Thank you for choosing Brickyard. Questions about this invoice: ${supportEmail}.`), left, doc.y, { width });
  doc.end();
  return done;
}
