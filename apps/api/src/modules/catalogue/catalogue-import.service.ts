import { parse as parseCsv } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import {
  AppError,
  CATALOGUE_IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  createCatalogueItemBodySchema,
  type CatalogueImportField,
  type CatalogueImportPreview,
  type CatalogueImportResult,
  type CatalogueImportRow,
  type CreateCatalogueItemBody,
  type ImportCellError,
} from '@brickyard/shared';
import type { Principal } from '../../platform/auth/guard.ts';
import { toCsv } from '../../platform/csv.ts';
import { readXlsxRows, XlsxLimitError, type XlsxRow } from './xlsx-reader.ts';
import type { CatalogueService } from './catalogue.service.ts';

export type CatalogueImportService = ReturnType<typeof createCatalogueImportService>;

/** One data row of the file: its number in the file (header = row 1) and its cells by header. */
interface RawRow {
  row: number;
  cells: string[];
}
interface Sheet {
  headers: string[];
  rows: RawRow[];
}

const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
const FIELD_BY_HEADER = new Map<string, CatalogueImportField>(
  CATALOGUE_IMPORT_COLUMNS.flatMap((c) => [
    [squash(c.field), c.field] as const,
    ...c.aliases.map((a) => [squash(a), c.field] as const),
  ]),
);

const NUMBER_FIELDS = new Set<CatalogueImportField>(['quantity', 'leadTime']);
const MONEY_FIELDS = new Set<CatalogueImportField>(['value', 'budget']);
const BOOLEAN_FIELDS = new Set<CatalogueImportField>(['warrantyRequirement', 'rebate']);
const LIST_FIELDS = new Set<CatalogueImportField>(['subcategories', 'certifications', 'deliveryLocations']);
const TRUE = new Set(['yes', 'y', 'true', '1']);
const FALSE = new Set(['no', 'n', 'false', '0']);

// ---- reading the file ---------------------------------------------------------------------

function isXlsx(fileName: string, content: Buffer): boolean {
  // XLSX is a ZIP container ("PK\x03\x04"); a CSV never starts with those bytes.
  return content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) || /\.xlsx$/i.test(fileName);
}

/**
 * The text of a CSV file. Excel saves "CSV UTF-8" (with a BOM), plain "CSV" in the machine's
 * ANSI code page (Windows-1252 in the UK: "£" is one byte, 0xA3) and "Unicode text" as UTF-16.
 * A file that is valid UTF-8 is read as UTF-8; anything else falls back to Windows-1252, which
 * decodes every byte, so "£" and "m³" survive either way.
 */
export function decodeCsv(content: Buffer): string {
  if (content[0] === 0xff && content[1] === 0xfe) return new TextDecoder('utf-16le').decode(content.subarray(2));
  if (content[0] === 0xfe && content[1] === 0xff) return new TextDecoder('utf-16be').decode(content.subarray(2));
  try {
    // ignoreBOM: false (the default) drops a UTF-8 BOM.
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    // iconv-lite, not TextDecoder: Node 20's TextDecoder('windows-1252') decodes as Latin-1
    // (0x80–0x9F become control characters, so "–", "€" and curly quotes were lost).
    return iconv.decode(content, 'windows-1252');
  }
}

const DELIMITERS = [',', ';', '\t'] as const;
const SNIFF_LINES = 50;

/**
 * The delimiter of a CSV file: Excel writes ";" in locales with a decimal comma, "Unicode text" is
 * tab-separated. Each candidate parses the first lines (quotes respected, so a quoted "Price, £"
 * in a ";" file does not vote for ","); the one giving the most records with the same number of
 * fields (more than one) wins, ties going to the comma.
 */
export function sniffDelimiter(text: string): string {
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    let records: string[][];
    try {
      // csv-parse's typed overloads do not accept these options with a row type: assert the rows.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      records = parseCsv(text, {
        delimiter,
        relax_column_count: true,
        skip_empty_lines: true,
        to_line: SNIFF_LINES,
      }) as string[][];
    } catch {
      continue; // a quote in the middle of a field: not this delimiter
    }
    const widths = new Map<number, number>();
    for (const r of records) widths.set(r.length, (widths.get(r.length) ?? 0) + 1);
    const [width, count] = [...widths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [0, 0];
    if (width < 2) continue;
    // consistency first (share of records of the usual width), then more fields
    const score = (count / records.length) * 1000 + Math.min(width, 999);
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

function readCsv(content: Buffer): Sheet {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    const text = decodeCsv(content);
    records = parseCsv(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      delimiter: sniffDelimiter(text),
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    throw new AppError('VALIDATION_FAILED', 'The CSV file could not be read', [
      { path: 'file', message: err instanceof Error ? err.message : 'Not a valid CSV file' },
    ]);
  }
  const [head, ...rest] = records;
  return {
    headers: head?.record ?? [],
    // `info.lines` is the line the record ends on: the row number people see in an editor or Excel.
    rows: rest.map((r) => ({ row: r.info.lines, cells: r.record })),
  };
}

/** Limits of the XLSX reader, enforced while the file is read (xlsx-reader.ts). */
const XLSX_LIMITS = {
  maxRows: MAX_IMPORT_ROWS,
  maxColumns: 64,
  maxCellChars: 32_767, // Excel's own limit
  maxUncompressedBytes: 64 * 1024 * 1024,
};

function readXlsx(content: Buffer): Sheet {
  let rows: XlsxRow[];
  try {
    ({ rows } = readXlsxRows(content, XLSX_LIMITS));
  } catch (err) {
    if (err instanceof XlsxLimitError) {
      if (err.limit === 'rows') throw tooManyRows(`more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')}`);
      if (err.limit === 'size') throw new AppError('PAYLOAD_TOO_LARGE', err.message);
      throw new AppError('VALIDATION_FAILED', err.message, [{ path: 'file', message: err.message }]);
    }
    throw new AppError('VALIDATION_FAILED', 'The XLSX file could not be read', [
      { path: 'file', message: 'Not a valid XLSX workbook' },
    ]);
  }
  const [head, ...rest] = rows;
  return { headers: head?.cells ?? [], rows: rest };
}

const tooManyRows = (count: string) =>
  new AppError('VALIDATION_FAILED', `At most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows per import`, [
    { path: 'file', message: `The file has ${count} rows; split it into smaller files` },
  ]);

// ---- turning a row into the create body -----------------------------------------------------

function splitList(v: string): string[] {
  return v
    .split(/[;|\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The create body of one row plus the cell errors found while converting text to numbers and
 * booleans; the shared create schema then validates it exactly as a single create would.
 */
function rowToBody(cells: Map<CatalogueImportField, string>, columnName: (f: string) => string) {
  const body: Record<string, unknown> = {};
  const errors: ImportCellError[] = [];
  for (const [field, raw] of cells) {
    const v = raw.trim();
    if (v === '') continue;
    if (v.includes('\u0000')) {
      // PostgreSQL text cannot hold it: the cell is reported, never written.
      errors.push({ column: columnName(field), message: 'Remove the NUL (\\u0000) character' });
      continue;
    }
    if (MONEY_FIELDS.has(field)) {
      const cleaned = v.replace(/[£,\s]/g, '');
      body[field] = /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : cleaned;
    } else if (NUMBER_FIELDS.has(field)) {
      const cleaned = v.replace(/[,\s]/g, '').replace(/days?$/i, '');
      if (/^-?\d+$/.test(cleaned)) body[field] = Number(cleaned);
      else errors.push({ column: columnName(field), message: 'Enter a whole number' });
    } else if (BOOLEAN_FIELDS.has(field)) {
      const l = v.toLowerCase();
      if (TRUE.has(l)) body[field] = true;
      else if (FALSE.has(l)) body[field] = false;
      else errors.push({ column: columnName(field), message: 'Enter Yes or No' });
    } else if (LIST_FIELDS.has(field)) {
      body[field] = splitList(v);
    } else if (field === 'availability') {
      body[field] = v.toLowerCase();
    } else {
      body[field] = v;
    }
  }
  return { body, errors };
}

/**
 * Bulk import of catalogue items from a CSV or XLSX file (one item per row). Every row is checked
 * with the same shared schema as POST /api/catalogue; a dry run answers the per-row verdicts,
 * a real run creates the valid rows in one transaction and reports the skipped ones.
 */
export function createCatalogueImportService(catalogue: CatalogueService) {
  async function validate(
    fileName: string,
    content: Buffer,
  ): Promise<Omit<CatalogueImportPreview, 'dryRun'> & { bodies: Map<number, CreateCatalogueItemBody> }> {
    if (content.length === 0)
      throw new AppError('VALIDATION_FAILED', 'The file is empty', [{ path: 'file', message: 'Empty file' }]);
    if (content.length > MAX_IMPORT_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', `Import files may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
    }
    const xlsx = isXlsx(fileName, content);
    if (!xlsx && !/\.(csv|txt)$/i.test(fileName) && content.subarray(0, 4096).includes(0)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a CSV or XLSX file');
    }
    const sheet = xlsx ? readXlsx(content) : readCsv(content);

    // Map headers to fields; the first column wins when two name the same field.
    const fieldAt = new Map<number, CatalogueImportField>();
    const headerOf = new Map<string, string>();
    const ignoredColumns: string[] = [];
    sheet.headers.forEach((h, i) => {
      const f = FIELD_BY_HEADER.get(squash(h));
      if (f && !headerOf.has(f)) {
        fieldAt.set(i, f);
        headerOf.set(f, h);
      } else if (h.trim()) ignoredColumns.push(h);
    });
    const missing = CATALOGUE_IMPORT_COLUMNS.filter((c) => c.required && !headerOf.has(c.field)).map((c) => c.field);
    if (missing.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}`,
        [
          {
            path: 'file',
            message: `Missing columns: ${missing.join(', ')}. Download the template to see the expected headers.`,
          },
        ],
      );
    }
    if (sheet.rows.length === 0)
      throw new AppError('VALIDATION_FAILED', 'The file has no rows to import', [
        { path: 'file', message: 'No data rows' },
      ]);
    if (sheet.rows.length > MAX_IMPORT_ROWS) throw tooManyRows(sheet.rows.length.toLocaleString('en-GB'));

    const columnName = (f: string) => headerOf.get(f) ?? f;
    const bodies = new Map<number, CreateCatalogueItemBody>();
    const rows: CatalogueImportRow[] = sheet.rows.map(({ row, cells }) => {
      const byField = new Map<CatalogueImportField, string>();
      fieldAt.forEach((f, i) => byField.set(f, cells[i] ?? ''));
      const { body, errors } = rowToBody(byField, columnName);
      const parsed = createCatalogueItemBodySchema.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'row');
          // a conversion error already explains this cell
          if (errors.some((e) => e.column === columnName(field))) continue;
          errors.push({ column: columnName(field), message: issue.message });
        }
      }
      if (errors.length === 0 && parsed.success) {
        bodies.set(row, parsed.data);
        return { row, valid: true, errors, item: parsed.data };
      }
      return { row, valid: false, errors, item: body };
    });
    const valid = rows.filter((r) => r.valid).length;
    return {
      total: rows.length,
      valid,
      invalid: rows.length - valid,
      columns: [...headerOf.keys()],
      ignoredColumns,
      rows,
      bodies,
    };
  }

  return {
    /** POST /api/catalogue/import?dryRun=true */
    async preview(fileName: string, content: Buffer): Promise<CatalogueImportPreview> {
      const { bodies: _bodies, ...report } = await validate(fileName, content);
      return { dryRun: true, ...report };
    },

    /** POST /api/catalogue/import: the valid rows in one transaction; the rest reported. */
    async run(caller: Principal, fileName: string, content: Buffer): Promise<CatalogueImportResult> {
      const report = await validate(fileName, content);
      const createdIds = await catalogue.createMany(caller, [...report.bodies.values()]);
      return {
        dryRun: false,
        created: createdIds.length,
        createdIds,
        skipped: report.rows.filter((r) => !r.valid).map((r) => ({ row: r.row, errors: r.errors })),
      };
    },

    /**
     * The CSV template: the headers and two example rows, UTF-8 with a byte order mark so Excel
     * opens "£" and "m³" as written (without it Excel reads the file as Windows-1252).
     */
    template(): string {
      const headers = CATALOGUE_IMPORT_COLUMNS.map((c) => c.field);
      const examples: Array<Record<CatalogueImportField, string>> = [
        {
          title: 'C32/40 ready-mix concrete',
          description: 'Ready-mix concrete to BS 8500, delivered by 8m³ truck mixer within 40 miles of the plant.',
          specifications: 'Strength class C32/40; S3 slump; 20mm aggregate',
          category: 'Concrete & Cement',
          subcategories: 'Ready-mix concrete',
          value: '118.50',
          quantity: '400',
          budget: '',
          leadTime: '2',
          region: 'Yorkshire and the Humber',
          availability: 'available',
          paymentTerms: '30 days end of month',
          insurance: 'Public liability £5m',
          supplierType: 'Manufacturer',
          warrantyRequirement: 'No',
          rebate: 'Yes',
          certifications: 'BSI Kitemark; BES 6001',
          deliveryLocations: 'Yorkshire and the Humber; North West',
        },
        {
          title: 'Class B engineering bricks (pack of 400)',
          description: 'Red perforated Class B engineering bricks for damp-proof courses and manholes.',
          specifications: '215 x 102.5 x 65 mm; frost resistant F2',
          category: 'masonry',
          subcategories: 'bricks',
          value: '312',
          quantity: '0',
          budget: '',
          leadTime: '10',
          region: 'west-midlands',
          availability: 'limited',
          paymentTerms: '',
          insurance: '',
          supplierType: 'Builders merchant',
          warrantyRequirement: '',
          rebate: 'No',
          certifications: 'UKCA',
          deliveryLocations: '',
        },
      ];
      return toCsv(
        headers,
        examples.map((e) => headers.map((h) => e[h])),
      );
    },
  };
}
