import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { SaxesParser } from 'saxes';

/**
 * The first worksheet of an XLSX file, read as a stream with its limits enforced while it is read
 * (docs/decisions/0013-hostile-input-refused-at-the-edge.md: loading a whole 150,000-row workbook with ExcelJS took seconds of one core and most of
 * a gigabyte before the row limit was even looked at):
 * - the ZIP entries are inflated chunk by chunk, and reading stops once more than `maxUncompressedBytes`
 *   have come out (a small file that inflates to gigabytes is refused, whatever its header claims);
 * - the sheet's XML is parsed as it inflates (saxes), and reading stops at the first row past
 *   `maxRows`, a cell past `maxColumns`, or a cell longer than `maxCellChars`.
 * Only the first worksheet in the archive and the shared strings are read; styles, drawings and
 * the other sheets are skipped without being inflated.
 */
export interface XlsxLimits {
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  maxUncompressedBytes: number;
}

export interface XlsxRow {
  /** the row number in the sheet (1-based, as Excel shows it) */
  row: number;
  cells: string[];
}

export class XlsxLimitError extends Error {
  constructor(
    readonly limit: 'rows' | 'columns' | 'cell' | 'size',
    message: string,
  ) {
    super(message);
  }
}

export class XlsxFormatError extends Error {}

/** A cell before shared strings are known: text, or an index into the shared strings. */
type RawCell = string | { s: number };

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** "AB12" → 27 (0-based column), or -1 without a reference. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return i === 0 ? -1 : n - 1;
}

export function readXlsxRows(content: Uint8Array, limits: XlsxLimits): { rows: XlsxRow[] } {
  const sharedStrings: string[] = [];
  const rows: Array<{ row: number; cells: RawCell[] }> = [];
  let inflated = 0;
  let sheetName: string | null = null;
  // A limit is thrown from inside the inflate and parse callbacks, which may wrap what they catch:
  // the first one hit is kept here and is what the caller gets.
  // Set from the parser callbacks; the annotation keeps TypeScript from narrowing it to null here.
  let limitHit = null as XlsxLimitError | null;
  const hit = (e: XlsxLimitError) => (limitHit ??= e);

  const countBytes = (n: number) => {
    inflated += n;
    if (inflated > limits.maxUncompressedBytes) {
      throw hit(
        new XlsxLimitError(
          'size',
          `The workbook unpacks to more than ${Math.round(limits.maxUncompressedBytes / 1024 / 1024)} MB`,
        ),
      );
    }
  };

  // ---- xl/sharedStrings.xml: <sst><si><t>text</t></si><si><r><t>rich</t></r>…</si>…</sst>
  function sharedStringsParser(): SaxesParser {
    const p = new SaxesParser();
    let inSi = false;
    let inT = false;
    let inPhonetic = false;
    let text = '';
    p.on('opentag', (tag) => {
      if (tag.name === 'si') {
        inSi = true;
        text = '';
      } else if (tag.name === 'rPh') inPhonetic = true;
      else if (tag.name === 't' && inSi && !inPhonetic) inT = true;
    });
    p.on('text', (t) => {
      if (!inT) return;
      text += t;
      if (text.length > limits.maxCellChars)
        throw hit(new XlsxLimitError('cell', `A cell holds more than ${limits.maxCellChars} characters`));
    });
    p.on('closetag', (tag) => {
      if (tag.name === 't') inT = false;
      else if (tag.name === 'rPh') inPhonetic = false;
      else if (tag.name === 'si') {
        inSi = false;
        sharedStrings.push(text);
      }
    });
    return p;
  }

  // ---- the worksheet: <sheetData><row r="2"><c r="A2" t="s"><v>0</v></c>…</row>…</sheetData>
  function sheetParser(): SaxesParser {
    const p = new SaxesParser();
    let current: { row: number; cells: RawCell[] } | null = null;
    let nextRow = 1;
    let cellType = 'n';
    let column = -1;
    let nextColumn = 0;
    let capture = false;
    let text = '';
    let hasValue = false;
    p.on('opentag', (tag) => {
      const a = tag.attributes as Record<string, string>;
      switch (tag.name) {
        case 'row': {
          const r = Number(a.r);
          const number = Number.isInteger(r) && r > 0 ? r : nextRow;
          nextRow = number + 1;
          current = { row: number, cells: [] };
          nextColumn = 0;
          break;
        }
        case 'c': {
          cellType = a.t ?? 'n';
          const c = columnOf(a.r);
          column = c >= 0 ? c : nextColumn;
          nextColumn = column + 1;
          text = '';
          hasValue = false;
          break;
        }
        case 'v':
          capture = true;
          hasValue = true;
          break;
        case 't':
          // inline strings: <c t="inlineStr"><is><t>text</t></is></c>
          if (cellType === 'inlineStr') {
            capture = true;
            hasValue = true;
          }
          break;
      }
    });
    p.on('text', (t) => {
      if (!capture) return;
      text += t;
      if (text.length > limits.maxCellChars)
        throw hit(new XlsxLimitError('cell', `A cell holds more than ${limits.maxCellChars} characters`));
    });
    p.on('closetag', (tag) => {
      switch (tag.name) {
        case 'v':
        case 't':
          capture = false;
          break;
        case 'c': {
          if (!current || !hasValue) break;
          let value: RawCell;
          if (cellType === 's') value = { s: Number(text) };
          else if (cellType === 'b') value = text === '1' ? 'TRUE' : 'FALSE';
          else if (cellType === 'e') value = '';
          else value = text;
          if (value === '') break;
          if (column >= limits.maxColumns) {
            throw hit(
              new XlsxLimitError(
                'columns',
                `Row ${current.row} has a value beyond column ${limits.maxColumns}; use at most ${limits.maxColumns} columns`,
              ),
            );
          }
          current.cells[column] = value;
          break;
        }
        case 'row': {
          if (current && current.cells.length > 0) {
            rows.push(current);
            // the header plus maxRows data rows; one more and the file is refused
            if (rows.length > limits.maxRows + 1) {
              throw hit(new XlsxLimitError('rows', `The sheet has more than ${limits.maxRows} rows`));
            }
          }
          current = null;
          break;
        }
      }
    });
    return p;
  }

  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  unzip.onfile = (file) => {
    const name = file.name;
    const isSheet = SHEET.test(name);
    // The first worksheet the archive holds (sheet1.xml in files from Excel, LibreOffice, ExcelJS).
    const wanted = name === 'xl/sharedStrings.xml' || (isSheet && sheetName === null);
    if (!wanted) return;
    if (isSheet) sheetName = name;
    const parser = isSheet ? sheetParser() : sharedStringsParser();
    const decoder = new TextDecoder('utf-8', { fatal: false });
    file.ondata = (err, chunk, final) => {
      if (err) throw new XlsxFormatError(err.message);
      countBytes(chunk.length);
      parser.write(decoder.decode(chunk, { stream: !final }));
      if (final) parser.close();
    };
    file.start();
  };
  try {
    // One pass over the archive; a limit or a parse error stops it where it is.
    const step = 64 * 1024;
    for (let i = 0; i < content.length; i += step)
      unzip.push(content.subarray(i, i + step), i + step >= content.length);
  } catch (err) {
    if (limitHit) throw limitHit;
    throw new XlsxFormatError(err instanceof Error ? err.message : 'Not a valid XLSX workbook');
  }
  if (!sheetName) throw new XlsxFormatError('The workbook has no worksheet');

  return {
    rows: rows
      .map((r) => ({
        row: r.row,
        cells: Array.from(r.cells, (c) =>
          (c === undefined ? '' : typeof c === 'string' ? c : (sharedStrings[c.s] ?? '')).trim(),
        ),
      }))
      .filter((r) => r.cells.some((c) => c !== '')),
  };
}
