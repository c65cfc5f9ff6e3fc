import {
  BID_VERDICT_LABELS,
  formatMoney,
  formatPence,
  formatPostedDate,
  REQUIREMENT_SOURCE_LABELS,
  REQUIREMENT_STATUS_LABELS,
  type BidPack,
} from '@brickyard/shared';
import {
  bold,
  createPdf,
  factsTable,
  FONT,
  headCell,
  heading,
  INK,
  paragraph,
  pageFooters,
  pdfText,
} from '../../platform/pdf/pdf.ts';

const STATUS_COLOUR = { met: '#047857', partly_met: '#b45309', missing: '#b91c1c' } as const;
const VERDICT_COLOUR = { go: '#047857', go_with_conditions: '#b45309', no_go: '#b91c1c' } as const;

/** GET /api/bid-assist/{id}/pack.pdf: the bid pack as the supplier reads it on screen. */
export async function bidPackPdf(pack: BidPack, meta: { requestId: string; supportEmail: string }): Promise<Buffer> {
  const pdf = createPdf({
    margin: 48,
    bufferPages: true,
    info: {
      Title: pdfText(`Bid pack: ${pack.tender.title}`),
      Author: 'Brickyard Bid Assist',
      Subject: pdfText(pack.supplier.companyName),
      CreationDate: new Date(pack.generatedAt),
    },
  });
  const { doc, left, width } = pdf;

  doc.font(FONT.bold).fontSize(20).fillColor(INK.text).text('Bid pack', { width });
  doc.font(FONT.regular).fontSize(12).fillColor('#374151').text(pdfText(pack.tender.title), { width });
  doc
    .moveDown(0.2)
    .fontSize(9)
    .fillColor(INK.faint)
    .text(
      pdfText(
        `Prepared for ${pack.supplier.companyName} on ${formatPostedDate(pack.generatedAt)} · request ${meta.requestId}`,
      ),
      { width },
    );
  doc.moveDown(0.8);

  const t = pack.tender;
  const value =
    t.valuePence == null
      ? 'Not specified'
      : t.currency === 'GBP'
        ? formatPence(t.valuePence)
        : formatMoney(t.valuePence / 100, t.currency);
  const facts: Array<[string, string]> = [
    ['Tender', t.kind === 'external' ? 'Public-sector tender (live feed)' : 'Brickyard tender'],
    ['Buyer', t.buyerName ?? 'Not specified'],
    ...(t.reference ? [['Reference', t.reference] as [string, string]] : []),
    ['Closing date', formatPostedDate(t.deadline)],
    [t.kind === 'external' ? 'Estimated value' : 'Budget', value],
    ['Location', t.location ?? 'Not specified'],
    ['Classification', t.classification.join('; ') || 'Not specified'],
  ];
  factsTable(pdf, facts, { labelWidth: 110, size: 9.5 });

  const s = pack.summary;
  heading(pdf, 'Go / no-go');
  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(VERDICT_COLOUR[s.verdict])
    .text(`${BID_VERDICT_LABELS[s.verdict]} · score ${s.score}%`, { width });
  paragraph(pdf, `${s.met} met, ${s.partlyMet} partly met, ${s.missing} missing of ${s.total} requirements.`, {
    colour: INK.text,
  });
  doc.moveDown(0.3);
  for (const r of s.reasons) paragraph(pdf, `• ${r}`, { colour: INK.text });

  heading(pdf, 'Compliance matrix');
  doc.x = left;
  doc.font(FONT.regular).fontSize(8.5);
  doc.table({
    columnStyles: [26, 70, 150, 56, '*'],
    defaultStyle: { padding: [3, 3], border: 0.5, borderColor: INK.rule },
    data: [
      [headCell('Ref'), headCell('Type'), headCell('Requirement'), headCell('Status'), headCell('Evidence and action')],
      ...pack.matrix.map((r) => [
        r.ref,
        REQUIREMENT_SOURCE_LABELS[r.source],
        pdfText(r.requirement),
        bold(REQUIREMENT_STATUS_LABELS[r.status], { textColor: STATUS_COLOUR[r.status] }),
        pdfText(r.action ? `${r.evidence}\nAction: ${r.action}` : r.evidence),
      ]),
    ],
  });

  heading(pdf, 'Draft response outline');
  for (const section of pack.outline) {
    heading(pdf, section.heading, { size: 10.5, before: 0, after: 0 });
    for (const p of section.points) paragraph(pdf, `• ${p}`, { indent: 8 });
    doc.moveDown(0.5);
  }

  if (pack.polishedDraft) {
    heading(pdf, 'Polished draft');
    paragraph(pdf, pack.polishedDraft.text);
    doc
      .moveDown(0.3)
      .fontSize(8)
      .fillColor(INK.faint)
      .text(pdfText(`Polished by ${pack.polishedDraft.model}; check every fact before you submit.`), { width });
  }

  pageFooters(
    pdf,
    (page, count) =>
      `Brickyard Bid Assist · generated from your profile and catalogue · ${meta.supportEmail} · page ${page} of ${count}`,
    {
      align: 'center',
      fromBottom: 32,
    },
  );
  return pdf.finish();
}
