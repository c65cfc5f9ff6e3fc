import PDFDocument from 'pdfkit';
import {
  BID_VERDICT_LABELS,
  formatMoney,
  formatPence,
  formatPostedDate,
  REQUIREMENT_SOURCE_LABELS,
  REQUIREMENT_STATUS_LABELS,
  type BidPack,
} from '@brickyard/shared';

/** Standard PDF fonts speak WinAnsi: keep text to what they can draw. */
const pdfText = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u00d7/g, 'x')
    .replace(/[\u2264]/g, '<=')
    .replace(/[\u2265]/g, '>=')
    .replace(/\u00b2/g, '2')
    .replace(/\u00b3/g, '3')
    .replace(/[^\x09\x0a\x0d\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2022\u20ac]/g, '?');

const STATUS_COLOUR = { met: '#047857', partly_met: '#b45309', missing: '#b91c1c' } as const;
const VERDICT_COLOUR = { go: '#047857', go_with_conditions: '#b45309', no_go: '#b91c1c' } as const;

/** GET /api/bid-assist/{id}/pack.pdf: the bid pack as the supplier reads it on screen. */
export async function bidPackPdf(pack: BidPack, meta: { requestId: string; supportEmail: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    bufferPages: true,
    info: { Title: pdfText(`Bid pack: ${pack.tender.title}`), Author: 'Brickyard Bid Assist', Subject: pdfText(pack.supplier.companyName), CreationDate: new Date(pack.generatedAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const heading = (text: string) => {
    doc.moveDown(1).x = left;
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#111827').text(pdfText(text), left, doc.y, { width });
    doc.moveDown(0.3);
  };

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111827').text('Bid pack', { width });
  doc.font('Helvetica').fontSize(12).fillColor('#374151').text(pdfText(pack.tender.title), { width });
  doc.moveDown(0.2).fontSize(9).fillColor('#6b7280').text(pdfText(`Prepared for ${pack.supplier.companyName} on ${formatPostedDate(pack.generatedAt)} · request ${meta.requestId}`), { width });
  doc.moveDown(0.8);

  const t = pack.tender;
  const value = t.valuePence == null ? 'Not specified' : t.currency === 'GBP' ? formatPence(t.valuePence) : formatMoney(t.valuePence / 100, t.currency);
  const facts: Array<[string, string]> = [
    ['Tender', t.kind === 'external' ? 'Public-sector tender (live feed)' : 'Brickyard tender'],
    ['Buyer', t.buyerName ?? 'Not specified'],
    ...(t.reference ? [['Reference', t.reference] as [string, string]] : []),
    ['Closing date', formatPostedDate(t.deadline)],
    [t.kind === 'external' ? 'Estimated value' : 'Budget', value],
    ['Location', t.location ?? 'Not specified'],
    ['Classification', t.classification.join('; ') || 'Not specified'],
  ];
  doc.fontSize(9.5);
  doc.table({
    columnStyles: [110, '*'],
    defaultStyle: { border: 0, padding: [2, 0] },
    data: facts.map(([k, v]) => [{ text: k, font: { family: 'Helvetica-Bold' } }, pdfText(v)]),
  });

  const s = pack.summary;
  heading('Go / no-go');
  doc.font('Helvetica-Bold').fontSize(14).fillColor(VERDICT_COLOUR[s.verdict]).text(`${BID_VERDICT_LABELS[s.verdict]} · score ${s.score}%`, { width });
  doc.font('Helvetica').fontSize(9.5).fillColor('#111827');
  doc.text(`${s.met} met, ${s.partlyMet} partly met, ${s.missing} missing of ${s.total} requirements.`, { width });
  doc.moveDown(0.3);
  for (const r of s.reasons) doc.text(pdfText(`• ${r}`), { width, indent: 0 });

  heading('Compliance matrix');
  const head = (text: string) => ({ text, font: { family: 'Helvetica-Bold' }, backgroundColor: '#e5e7eb' });
  doc.x = left;
  doc.fontSize(8.5);
  doc.table({
    columnStyles: [26, 70, 150, 56, '*'],
    defaultStyle: { padding: [3, 3], border: 0.5, borderColor: '#d1d5db' },
    data: [
      [head('Ref'), head('Type'), head('Requirement'), head('Status'), head('Evidence and action')],
      ...pack.matrix.map((r) => [
        r.ref,
        REQUIREMENT_SOURCE_LABELS[r.source],
        pdfText(r.requirement),
        { text: REQUIREMENT_STATUS_LABELS[r.status], textColor: STATUS_COLOUR[r.status], font: { family: 'Helvetica-Bold' } },
        pdfText(r.action ? `${r.evidence}\nAction: ${r.action}` : r.evidence),
      ]),
    ],
  });

  heading('Draft response outline');
  for (const section of pack.outline) {
    doc.x = left;
    doc.font('Helvetica-Bold').fontSize(10.5).fillColor('#111827').text(pdfText(section.heading), left, doc.y, { width });
    doc.font('Helvetica').fontSize(9.5).fillColor('#1f2937');
    for (const p of section.points) doc.text(pdfText(`• ${p}`), left + 8, doc.y, { width: width - 8 });
    doc.moveDown(0.5);
  }

  if (pack.polishedDraft) {
    heading('Polished draft');
    doc.font('Helvetica').fontSize(9.5).fillColor('#1f2937').text(pdfText(pack.polishedDraft.text), left, doc.y, { width });
    doc.moveDown(0.3).fontSize(8).fillColor('#6b7280').text(pdfText(`Polished by ${pack.polishedDraft.model}; check every fact before you submit.`), { width });
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#6b7280')
      .text(pdfText(`Brickyard Bid Assist · generated from your profile and catalogue · ${meta.supportEmail} · page ${i + 1} of ${range.count}`), left, doc.page.height - 32, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
