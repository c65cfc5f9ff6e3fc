import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney } from './currency.ts';

describe('docs/product.md §3 External tender: currency symbols', () => {
  it.each([
    ['USD', '$'],
    ['GBP', '£'],
    ['EUR', '€'],
    ['gbp', '£'],
    [' eur ', '€'],
    ['CHF', 'CHF'],
    ['JPY', 'JPY'],
    ['XYZ', 'XYZ'],
  ])('%s shows %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it('a missing currency shows nothing rather than a wrong symbol', () => {
    expect(currencySymbol(null)).toBe('');
    expect(currencySymbol(undefined)).toBe('');
    expect(currencySymbol('')).toBe('');
  });

  it('formats amounts with the symbol, or the code and a space, and says Not specified when missing (docs/product.md §5)', () => {
    expect(formatMoney(20000, 'GBP')).toBe('£20,000');
    expect(formatMoney(263321.17, 'GBP')).toBe('£263,321.17');
    expect(formatMoney(1500, 'USD')).toBe('$1,500');
    expect(formatMoney(9.9, 'EUR')).toBe('€9.90');
    expect(formatMoney(1000, 'CHF')).toBe('CHF 1,000');
    expect(formatMoney(1000, null)).toBe('1,000');
    expect(formatMoney(null, 'GBP')).toBe('Not specified');
    expect(formatMoney(Number.NaN, 'GBP')).toBe('Not specified');
  });
});
