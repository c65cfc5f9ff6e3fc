import { z } from 'zod';

/**
 * Money as people type it into a form: pounds, with at most two decimals, and the £ sign, thousands
 * commas and spaces they may add around the figure. The API takes pounds with at most two decimals
 * (moneyPoundsSchema in packages/shared) and answers pence; these helpers are the one place the web
 * reads and writes such an amount, so every money field accepts and refuses the same things.
 */
const POUNDS = /^\d+(\.\d{1,2})?$/;

/** The figure without what people add around it (£, thousands commas, spaces). */
export function stripMoney(input: string): string {
  return input.replace(/[£,\s]/g, '');
}

export type ParsedMoney = { ok: true; pence: number } | { ok: false; error: 'empty' | 'negative' | 'invalid' };

/** "£1,250.50" → 125050 pence; an empty, negative or malformed amount is an error (never NaN). */
export function parseMoney(input: string): ParsedMoney {
  const s = stripMoney(input);
  if (s === '') return { ok: false, error: 'empty' };
  if (/^-/.test(s)) return { ok: false, error: 'negative' };
  if (!POUNDS.test(s)) return { ok: false, error: 'invalid' };
  // Whole pence from the digits themselves: 1250.50 * 100 in floating point is not always whole.
  const [pounds = '0', decimals = ''] = s.split('.');
  return { ok: true, pence: Number(pounds) * 100 + Number(decimals.padEnd(2, '0')) };
}

/** Whether `input` is an amount a money field accepts. */
export function isMoney(input: string): boolean {
  return parseMoney(input).ok;
}

/** The pounds the API takes for a typed amount; null where the field was left empty or is not money. */
export function moneyToPounds(input: string): number | null {
  const m = parseMoney(input);
  return m.ok ? m.pence / 100 : null;
}

/** A stored amount as a money field shows it for editing ("1250.5"; empty when there is none). */
export function formatMoney(pence: number | null | undefined): string {
  return pence == null ? '' : String(pence / 100);
}

/**
 * The form schema of a money field, with the form's own wording: optional (an empty field passes)
 * unless `required` gives the message for an empty one.
 */
export function moneyField(invalid: string, required?: string) {
  const s = z.string().trim();
  return required ? s.min(1, required).refine(isMoney, invalid) : s.refine((v) => v === '' || isMoney(v), invalid);
}
