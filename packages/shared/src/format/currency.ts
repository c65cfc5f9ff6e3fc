/**
 * docs/product.md section 3 (External tender): USD shows $, GBP £, EUR €, any other currency its code.
 */
const SYMBOLS: Record<string, string> = { USD: '$', GBP: '£', EUR: '€' };

export function currencySymbol(code: string | null | undefined): string {
  if (!code) return '';
  const c = code.trim().toUpperCase();
  return SYMBOLS[c] ?? c;
}

// made once: constructing a NumberFormat costs ~20 µs, and matching formats a price per candidate
const WHOLE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const FRACTION = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in major units with its currency as the external tender screens show it:
 * "£20,000", "£263,321.17", "$1,500", "€9.99", "CHF 1,000", or "Not specified".
 */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return 'Not specified';
  const number = (Number.isInteger(amount) ? WHOLE : FRACTION).format(amount);
  const symbol = currencySymbol(currency);
  if (!symbol) return number;
  return symbol.length === 1 ? `${symbol}${number}` : `${symbol} ${number}`;
}
