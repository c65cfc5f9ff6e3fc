import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * Every PDF Brickyard writes (audit export, invoice, bid pack) starts here. pdfkit's built-in
 * fonts only speak WinAnsi, so "Dŵr Cymru" came out as "D?r Cymru"; we embed DejaVu Sans (a
 * Unicode TrueType font from the `dejavu-fonts-ttf` package, free licence, subset into each PDF
 * by pdfkit) so Welsh, accents, ², ³, ≤, € and the like print as written.
 */
const require = createRequire(import.meta.url);
const FONT_PATHS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
/** Read from disk once per process (about 1 MB for both), on the first PDF. */
let fontBytes: { regular: Buffer; bold: Buffer } | null = null;
const fonts = () =>
  (fontBytes ??= { regular: fs.readFileSync(FONT_PATHS.regular), bold: fs.readFileSync(FONT_PATHS.bold) });

/** Registered font names: use with `doc.font(FONT.bold)` and in table cells through `bold()`. */
export const FONT = { regular: 'Body', bold: 'Body-Bold' } as const;

export const INK = {
  text: '#111827',
  body: '#1f2937',
  muted: '#4b5563',
  faint: '#6b7280',
  rule: '#d1d5db',
  band: '#e5e7eb',
} as const;

export interface Pdf {
  doc: PDFKit.PDFDocument;
  /** Left margin and the width between the margins. */
  left: number;
  width: number;
  /** Ends the document and resolves with its bytes. */
  finish(): Promise<Buffer>;
}

export function createPdf(options: PDFKit.PDFDocumentOptions): Pdf {
  const { regular, bold } = fonts();
  // `font: null` skips pdfkit's default Helvetica (a WinAnsi font we never want to fall back to).
  const doc = new PDFDocument({ size: 'A4', ...options, font: null as unknown as string });
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, bold);
  doc.font(FONT.regular);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  return {
    doc,
    left,
    width: doc.page.width - left - doc.page.margins.right,
    finish() {
      doc.end();
      return done;
    },
  };
}

/** Text as written, control characters dropped, cut to `max` characters with an ellipsis. */
export function pdfText(s: string, max = Infinity): string {
  const t = s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** A table cell in bold (optionally with extra cell options such as a colour or alignment). */
export function bold<T extends object>(text: string, extra?: T) {
  return { text: pdfText(text), font: { src: FONT.bold }, ...extra };
}

/** A bold grey header cell of a table. */
export function headCell<T extends object>(text: string, extra?: T) {
  return bold(text, { backgroundColor: INK.band, ...extra });
}

/** A section heading in bold at the left margin, with a little space before and after. */
export function heading(
  pdf: Pdf,
  text: string,
  opts: { size?: number; before?: number; after?: number; colour?: string } = {},
) {
  const { doc, left, width } = pdf;
  doc.moveDown(opts.before ?? 1);
  doc
    .font(FONT.bold)
    .fontSize(opts.size ?? 13)
    .fillColor(opts.colour ?? INK.text)
    .text(pdfText(text), left, doc.y, { width });
  doc.moveDown(opts.after ?? 0.3);
  doc.font(FONT.regular);
}

/** Body text in the regular font at the left margin. */
export function paragraph(pdf: Pdf, text: string, opts: { size?: number; colour?: string; indent?: number } = {}) {
  const { doc, left, width } = pdf;
  const indent = opts.indent ?? 0;
  doc
    .font(FONT.regular)
    .fontSize(opts.size ?? 9.5)
    .fillColor(opts.colour ?? INK.body)
    .text(pdfText(text), left + indent, doc.y, { width: width - indent });
}

/** A two-column table of label (bold) and value. */
export function factsTable(
  pdf: Pdf,
  facts: Array<[string, string]>,
  opts: { labelWidth: number; size?: number; padding?: [number, number] },
) {
  const { doc, left } = pdf;
  doc.x = left;
  doc
    .font(FONT.regular)
    .fontSize(opts.size ?? 10)
    .fillColor(INK.text);
  doc.table({
    columnStyles: [opts.labelWidth, '*'],
    defaultStyle: { border: 0, padding: opts.padding ?? [2, 0] },
    data: facts.map(([k, v]) => [bold(k), pdfText(v)]),
  });
}

/** Writes `text(page, count)` in the bottom margin of every page (needs `bufferPages: true`). */
export function pageFooters(
  pdf: Pdf,
  text: (page: number, count: number) => string,
  opts: { align?: 'left' | 'center' | 'right'; fromBottom?: number } = {},
) {
  const { doc, left, width } = pdf;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Write in the bottom margin without pdfkit starting a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(INK.faint)
      .text(pdfText(text(i + 1, range.count)), left, doc.page.height - (opts.fromBottom ?? 36), {
        width,
        align: opts.align ?? 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
