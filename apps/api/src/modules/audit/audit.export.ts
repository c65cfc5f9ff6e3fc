import {
  auditActionLabel,
  auditValueText,
  categoryName,
  formatInUk,
  formatPence,
  formatPostedDate,
  formatUkDateTime,
  regionName,
  subcategoryName,
  type AuditEvent,
  type Tender,
} from '@brickyard/shared';
import { toCsv } from '../../platform/csv.ts';
import type { TenderResponsesAudit } from '../responses/responses.audit.ts';
import {
  createPdf,
  factsTable,
  type Pdf,
  FONT,
  headCell,
  heading,
  INK,
  pageFooters,
  pdfText,
} from '../../platform/pdf/pdf.ts';

/**
 * The audit trail export of GET /api/tender/{id}/audit: a PDF document (title, tender summary,
 * event table, the responses with their versions, the questions and answers), CSV (one row per
 * changed field; response and question events carry their totals and texts) or JSON.
 */

/** Times in the PDF's event table, in UK time (the column header says so). */
const when = (iso: string) => formatInUk(iso, 'dd MMM yyyy HH:mm:ss') ?? '';

export function auditCsv(events: AuditEvent[]): string {
  const rows: string[][] = [];
  for (const e of events) {
    if (!e.lines.length)
      rows.push([e.createdAt, e.actor.name, e.actor.companyName ?? '', auditActionLabel(e.action), '', '', '']);
    for (const line of e.lines) {
      rows.push([
        e.createdAt,
        e.actor.name,
        e.actor.companyName ?? '',
        auditActionLabel(e.action),
        line.label,
        line.from,
        line.to,
      ]);
    }
  }
  return toCsv(['Timestamp (UTC)', 'Who', 'Company', 'Action', 'Field', 'From', 'To'], rows);
}

export async function auditPdf(
  tender: Tender,
  events: AuditEvent[],
  record: TenderResponsesAudit | null = null,
  generatedAt = new Date(),
): Promise<Buffer> {
  const pdf = createPdf({
    margin: 48,
    bufferPages: true,
    info: {
      Title: `Audit trail: ${pdfText(tender.title, 120)}`,
      Author: 'Brickyard',
      Subject: 'Tender audit trail',
      CreationDate: generatedAt,
    },
  });
  const { doc } = pdf;

  doc.font(FONT.bold).fontSize(20).fillColor(INK.text).text('Tender audit trail');
  doc
    .moveDown(0.2)
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(INK.muted)
    .text(`Generated ${formatUkDateTime(generatedAt)} by Brickyard`);
  heading(pdf, pdfText(tender.title, 200), { size: 14, after: 0.5 });

  const summary: Array<[string, string]> = [
    ['Reference', tender.id],
    ['Buyer', tender.user.companyName],
    ['Status', auditValueText('status', tender.status)],
    [
      'Category',
      [categoryName(tender.category), ...tender.subcategories.map((s) => subcategoryName(tender.category, s))].join(
        ' / ',
      ),
    ],
    ['Region', regionName(tender.region)],
    ['Budget', tender.budgetPence === null ? 'Not specified' : formatPence(tender.budgetPence)],
    ['Closing deadline', formatUkDateTime(tender.deadline)],
    ['Created', formatPostedDate(tender.createdAt)],
    ['Events', String(events.length)],
  ];
  factsTable(
    pdf,
    summary.map(([k, v]) => [k, pdfText(v, 300)]),
    { labelWidth: 130, padding: [2, 4] },
  );

  heading(pdf, 'Events', { after: 0.4 });
  doc.font(FONT.regular).fontSize(8.5);
  const header = ['When (UK time)', 'Who', 'Action', 'Field', 'From', 'To'].map((text) => headCell(text));
  const rows: string[][] = [];
  for (const e of events) {
    const who = pdfText(e.actor.companyName ? `${e.actor.name} (${e.actor.companyName})` : e.actor.name, 80);
    if (!e.lines.length) rows.push([when(e.createdAt), who, auditActionLabel(e.action), '', '', '']);
    e.lines.forEach((line, i) => {
      rows.push([
        i === 0 ? when(e.createdAt) : '',
        i === 0 ? who : '',
        i === 0 ? auditActionLabel(e.action) : '',
        line.label,
        pdfText(line.from, 160),
        pdfText(line.to, 160),
      ]);
    });
  }
  if (!rows.length) rows.push(['', '', 'No events recorded', '', '', '']);
  doc.table({
    columnStyles: [78, 90, 62, 70, '*', '*'],
    defaultStyle: { padding: [3, 3], border: 0.5, borderColor: INK.rule },
    data: [header, ...rows],
  });

  if (record) responsesSection(pdf, record);

  pageFooters(pdf, (page, count) => `Page ${page} of ${count}`);
  return pdf.finish();
}

const dayTime = (iso: string | null) => (iso ? when(iso) : '-');
const STATUS_TEXT: Record<string, string> = {
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  awarded: 'Awarded',
  unsuccessful: 'Unsuccessful',
  withdrawn: 'Withdrawn',
  draft: 'Draft',
};

/** The responses (each with its submitted versions) and the questions and answers. */
function responsesSection(pdf: Pdf, record: TenderResponsesAudit) {
  const { doc } = pdf;
  const cellStyle = { padding: [3, 3] as [number, number], border: 0.5, borderColor: INK.rule };
  heading(pdf, 'Responses', { after: 0.4 });
  doc.font(FONT.regular).fontSize(8.5).fillColor(INK.text);
  if (record.sealed) {
    doc.text(
      `${record.received} ${record.received === 1 ? 'response' : 'responses'} received. The responses are sealed until the deadline, so their contents are not shown.`,
      pdf.left,
      doc.y,
      { width: pdf.width },
    );
  } else if (!record.responses.length) {
    doc.text('No responses were submitted.', pdf.left, doc.y, { width: pdf.width });
  } else {
    const rows = record.responses.map((r) => [
      pdfText(r.supplier, 80),
      STATUS_TEXT[r.status] ?? r.status,
      formatPence(r.totalPence),
      r.leadTimeDays === null ? '-' : `${r.leadTimeDays} days`,
      r.validityDays === null ? '-' : `${r.validityDays} days`,
      r.versions
        .map(
          (v) =>
            `v${v.version} ${dayTime(v.submittedAt)}${v.totalPence === null ? '' : ` ${formatPence(v.totalPence)}`}`,
        )
        .join('\n') + (r.withdrawnAt ? `\nWithdrawn ${dayTime(r.withdrawnAt)}` : ''),
    ]);
    doc.table({
      columnStyles: [100, 62, 64, 50, 50, '*'],
      defaultStyle: cellStyle,
      data: [
        ['Supplier', 'Status', 'Total', 'Lead time', 'Valid for', 'Versions (UK time)'].map((text) => headCell(text)),
        ...rows,
      ],
    });
  }
  heading(pdf, 'Questions and answers', { after: 0.4 });
  doc.font(FONT.regular).fontSize(8.5).fillColor(INK.text);
  if (!record.questions.length) {
    doc.text('No questions were asked.', pdf.left, doc.y, { width: pdf.width });
    return;
  }
  const rows = record.questions.map((q) => [
    `${dayTime(q.askedAt)}\n${pdfText(q.askedBy, 80)}`,
    pdfText(q.text, 2000),
    q.answer === null
      ? 'Not answered'
      : `${pdfText(q.answer, 5000)}\n(${q.published ? 'published to suppliers' : 'private to the asker'}, ${dayTime(q.answeredAt)})`,
  ]);
  doc.table({
    columnStyles: [110, '*', '*'],
    defaultStyle: cellStyle,
    data: [['Asked (UK time)', 'Question', 'Answer'].map((text) => headCell(text)), ...rows],
  });
}
