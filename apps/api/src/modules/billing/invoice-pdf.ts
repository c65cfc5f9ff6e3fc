import { formatPence, formatPostedDate, VAT_RATE } from '@brickyard/shared';
import type { BillingConfig } from '../../config.ts';
import { bold, createPdf, factsTable, FONT, headCell, INK, pdfText } from '../../platform/pdf/pdf.ts';
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

/** Invoice dates are calendar days in the UK (an invoice issued at 23:30 UTC in summer is dated the next day). */
const day = (d: Date) => formatPostedDate(d);

/**
 * The invoice PDF of GET /api/billing/invoices/{id}/pdf: title, seller and buyer, number and
 * dates, the lines, net, VAT at 20% and total (money in £).
 */
export async function invoicePdf(
  inv: InvoiceDocument,
  seller: BillingConfig['seller'],
  supportEmail: string,
): Promise<Buffer> {
  const pdf = createPdf({
    margin: 56,
    info: {
      Title: `Invoice ${inv.number}`,
      Author: seller.name,
      Subject: 'Brickyard subscription invoice',
      CreationDate: inv.issuedAt,
    },
  });
  const { doc, left, width } = pdf;

  doc
    .font(FONT.bold)
    .fontSize(22)
    .fillColor(INK.text)
    .text(inv.status === 'paid' ? 'Invoice (paid)' : 'Invoice');
  doc.moveDown(0.3).font(FONT.regular).fontSize(10).fillColor(INK.muted).text(`Invoice number ${inv.number}`);
  doc.moveDown(1.2);

  const top = doc.y;
  const col = width / 2 - 10;
  doc.font(FONT.bold).fontSize(10).fillColor(INK.text).text('From', left, top, { width: col });
  doc
    .font(FONT.regular)
    .text(
      pdfText(
        [seller.name, seller.address, seller.vatNumber ? `VAT number ${seller.vatNumber}` : '', supportEmail]
          .filter(Boolean)
          .join('\n'),
      ),
      { width: col },
    );
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
  doc.font(FONT.bold).text('Bill to', left + col + 20, top, { width: col });
  doc.font(FONT.regular).text(pdfText(buyer.join('\n')), { width: col });
  doc.y = Math.max(afterSeller, doc.y);
  doc.moveDown(1.2);

  const facts: Array<[string, string]> = [
    ['Invoice date', day(inv.issuedAt)],
    ['Tax point', day(inv.issuedAt)],
    ...(inv.periodStart && inv.periodEnd
      ? [['Service period', `${day(inv.periodStart)} – ${day(inv.periodEnd)}`] as [string, string]]
      : []),
    ['Status', inv.status === 'paid' ? 'Paid' : inv.status],
  ];
  factsTable(pdf, facts, { labelWidth: 120 });
  doc.moveDown(1);

  const R = { x: 'right', y: 'top' } as const;
  const money = (p: number) => (p < 0 ? `-${formatPence(-p)}` : formatPence(p));
  const rows = inv.lines.map((l) => [pdfText(l.description), { text: money(l.amountPence), align: R }]);
  const total = (label: string, value: string, strong = false) =>
    strong
      ? [bold(label, { align: R }), bold(value, { align: R })]
      : [
          { text: label, align: R },
          { text: value, align: R },
        ];
  doc.x = left;
  doc.table({
    columnStyles: ['*', 110],
    defaultStyle: { padding: [4, 4], border: 0.5, borderColor: INK.rule },
    data: [
      [headCell('Description'), headCell('Amount (GBP)', { align: R })],
      ...rows,
      total('Net', money(inv.netPence)),
      total(`VAT at ${Math.round(VAT_RATE * 100)}%`, money(inv.vatPence)),
      total('Total', money(inv.totalPence), true),
    ],
  });

  doc.moveDown(2).font(FONT.regular).fontSize(8.5).fillColor(INK.faint);
  doc.text(
    pdfText(
      `Amounts in pounds sterling. Thank you for choosing Brickyard. Questions about this invoice: ${supportEmail}.`,
    ),
    left,
    doc.y,
    { width },
  );
  return pdf.finish();
}
