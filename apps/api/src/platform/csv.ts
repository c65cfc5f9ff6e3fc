import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of every CSV the API hands out. Two things a spreadsheet needs:
 * - a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel, Sheets
 *   and LibreOffice as a formula (CSV injection, OWASP): such a cell gets a leading `'`, which the
 *   spreadsheet shows as text. Plain numbers (`-12.50`) and a lone `-` are left as they are.
 * - a UTF-8 byte order mark, without which Excel reads the file as Windows-1252 and shows `£` as `Â£`.
 */
export function toCsv(
  columns: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
): string {
  return stringify(
    rows.map((r) => r.map(safeCell)),
    { header: true, columns: columns.map(safeCell), bom: true },
  );
}

const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)*$/;

export function safeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  if (s === '-' || PLAIN_NUMBER.test(s)) return s;
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}
