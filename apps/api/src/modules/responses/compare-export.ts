import {
  ANSWER_LABELS,
  compareBests,
  formatPence,
  formatUkDateTime,
  leadTimeVerdict,
  quantityText,
  recordText,
  tenderRequirements,
  unitPriceText,
  type TenderRequirement,
  type TenderResponse,
} from '@brickyard/shared';
import { toCsv } from '../../platform/csv.ts';
import { bold, createPdf, FONT, headCell, heading, INK, pageFooters, pdfText } from '../../platform/pdf/pdf.ts';
import type { TenderRow } from './responses.repository.ts';

/**
 * The buyer's comparison of the responses to a tender, as CSV (one row per response) and as a
 * landscape PDF (one column per response, the best in each row marked), in the order the buyer
 * chose on screen. Both use the shared compare helpers so they say what the screen says.
 */

type CompareTender = Pick<
  TenderRow,
  | 'id'
  | 'title'
  | 'leadTimeDays'
  | 'deadline'
  | 'warrantyRequirement'
  | 'insurance'
  | 'paymentTerms'
  | 'supplierType'
  | 'qualityStandards'
>;

const requirementText = (q: TenderRequirement) => `${q.label}: ${q.detail}`;
const answerText = (r: TenderResponse, q: TenderRequirement) => {
  const a = r.requirementAnswers.find((x) => x.requirement === q.key);
  return a ? `${ANSWER_LABELS[a.answer]}${a.comment ? ` (${a.comment})` : ''}` : 'Not answered';
};
const matchText = (r: TenderResponse) =>
  r.match
    ? `${r.match.score}/100 (${r.match.itemTitle})${r.match.reasons.length ? `: ${r.match.reasons.join('; ')}` : ''}`
    : 'No match computed';
const verdictOf = (t: CompareTender, r: TenderResponse) =>
  leadTimeVerdict({ leadTime: t.leadTimeDays, deadline: t.deadline?.toISOString() ?? null }, r.leadTimeDays).text;

export function compareCsv(tender: CompareTender, rows: TenderResponse[]): string {
  const reqs = tenderRequirements(tender);
  const columns = [
    'Supplier',
    'Verified',
    'Fulfilled deals',
    'Average review',
    'Reviews',
    'Status',
    'Total (GBP)',
    'Lead time (days)',
    'Lead time against the tender',
    'Validity (days)',
    'Match score',
    'Match reasons',
    'Lines',
    ...reqs.map(requirementText),
    'Note',
  ];
  return toCsv(
    columns,
    rows.map((r) => [
      r.supplier.companyName,
      r.supplier.verified ? 'yes' : 'no',
      r.supplier.fulfilledDeals,
      r.supplier.reviews.average,
      r.supplier.reviews.count,
      r.status,
      (r.totalPence / 100).toFixed(2),
      r.leadTimeDays,
      verdictOf(tender, r),
      r.validityDays,
      r.match?.score ?? null,
      r.match?.reasons.join('; ') ?? '',
      r.lines
        .map(
          (l) =>
            `${l.description}: ${quantityText(l.quantity)} ${l.unit} x ${unitPriceText(l)} = ${formatPence(l.lineTotalPence)}`,
        )
        .join('; '),
      ...reqs.map((q) => answerText(r, q)),
      r.note,
    ]),
  );
}

/** Columns of responses per table: more do not fit a landscape A4 page legibly. */
const PER_TABLE = 4;
const BEST = '★ Best';

export async function comparePdf(
  tender: CompareTender,
  rows: TenderResponse[],
  generatedAt = new Date(),
): Promise<Buffer> {
  const pdf = createPdf({
    layout: 'landscape',
    margin: 36,
    bufferPages: true,
    info: {
      Title: `Responses compared: ${pdfText(tender.title, 120)}`,
      Author: 'Brickyard',
      Subject: 'Tender responses compared',
      CreationDate: generatedAt,
    },
  });
  const { doc } = pdf;
  const reqs = tenderRequirements(tender);
  const best = compareBests(
    rows,
    reqs.map((q) => q.key),
  );
  const lowest = rows.length ? Math.min(...rows.map((r) => r.totalPence)) : 0;

  doc.font(FONT.bold).fontSize(18).fillColor(INK.text).text('Tender responses compared');
  doc
    .moveDown(0.2)
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(INK.muted)
    .text(
      `Generated ${formatUkDateTime(generatedAt)} by Brickyard · ${rows.length} ${rows.length === 1 ? 'response' : 'responses'} · ${BEST} marks the best in a row`,
    );
  heading(pdf, pdfText(tender.title, 200), { size: 13, after: 0.4 });
  if (!rows.length) {
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(INK.text)
      .text('No responses to compare.', pdf.left, doc.y, { width: pdf.width });
  }

  const marked = (text: string, ids: string[], r: TenderResponse) =>
    ids.includes(r.id) ? bold(`${text}\n${BEST}`) : text;
  for (let start = 0; start < rows.length; start += PER_TABLE) {
    const group = rows.slice(start, start + PER_TABLE);
    const data: unknown[][] = [
      [
        headCell('Supplier'),
        ...group.map((r) => headCell(`${r.supplier.companyName}${r.supplier.verified ? ' (Verified)' : ''}`)),
      ],
      ['Status', ...group.map((r) => r.status[0]!.toUpperCase() + r.status.slice(1))],
      [
        'Total',
        ...group.map((r) =>
          marked(
            r.totalPence === lowest
              ? formatPence(r.totalPence)
              : `${formatPence(r.totalPence)} (+${formatPence(r.totalPence - lowest)})`,
            best.total,
            r,
          ),
        ),
      ],
      [
        'Unit prices',
        ...group.map(
          (r) =>
            r.lines
              .map(
                (l) =>
                  `${pdfText(l.description, 120)}: ${unitPriceText(l)} × ${quantityText(l.quantity)} = ${formatPence(l.lineTotalPence)}`,
              )
              .join('\n') || '-',
        ),
      ],
      [
        'Lead time',
        ...group.map((r) =>
          marked(
            r.leadTimeDays === null ? 'Not given' : `${r.leadTimeDays} days\n${verdictOf(tender, r)}`,
            best.leadTime,
            r,
          ),
        ),
      ],
      [
        'Valid for',
        ...group.map((r) => marked(r.validityDays === null ? '-' : `${r.validityDays} days`, best.validity, r)),
      ],
      ...reqs.map((q) => [
        pdfText(requirementText(q), 200),
        ...group.map((r) => marked(pdfText(answerText(r, q), 400), best.requirements[q.key] ?? [], r)),
      ]),
      ['Match', ...group.map((r) => marked(pdfText(matchText(r), 400), best.match, r))],
      ['Record', ...group.map((r) => marked(recordText(r), best.record, r))],
      ['Note', ...group.map((r) => pdfText(r.note, 600) || '-')],
    ];
    if (start > 0) doc.moveDown(1);
    doc.font(FONT.regular).fontSize(8.5).fillColor(INK.text);
    doc.table({
      columnStyles: [110, ...group.map(() => '*' as const)],
      defaultStyle: { padding: [3, 4], border: 0.5, borderColor: INK.rule },
      data: data as Parameters<typeof doc.table>[0] extends { data?: infer D } ? D : never,
    });
  }

  pageFooters(pdf, (page, count) => `${pdfText(tender.title, 80)} · page ${page} of ${count}`);
  return pdf.finish();
}
