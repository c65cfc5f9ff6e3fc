/**
 * SPEC.md section 3 (External tender): USD shows $, GBP £, EUR €, any other currency its code.
 */
const SYMBOLS: Record<string, string> = { USD: '$', GBP: '£', EUR: '€' };

export function currencySymbol(code: string | null | undefined): string {
  if (!code) return '';
  const c = code.trim().toUpperCase();
  return SYMBOLS[c] ?? c;
}

/**
 * An amount in major units with its currency as the external tender screens show it:
 * "£20,000", "£263,321.17", "$1,500", "€9.99", "CHF 1,000", or "Not specified".
 */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return 'Not specified';
  const digits = Number.isInteger(amount) ? 0 : 2;
  const number = new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(amount);
  const symbol = currencySymbol(currency);
  if (!symbol) return number;
  return symbol.length === 1 ? `${symbol}${number}` : `${symbol} ${number}`;
}
