import { describe, expect, it } from 'vitest';
import { formatMoney, isMoney, moneyField, moneyToPounds, parseMoney, stripMoney } from './money';

describe('parseMoney', () => {
  it('reads pounds with a £ sign, thousands commas and spaces as whole pence', () => {
    expect(parseMoney('£1,250.50')).toEqual({ ok: true, pence: 125050 });
    expect(parseMoney(' 12 500 ')).toEqual({ ok: true, pence: 1250000 });
    expect(parseMoney('0.1')).toEqual({ ok: true, pence: 10 });
    // 1.15 * 100 is 114.99999999999999 in floating point; the digits give 115.
    expect(parseMoney('1.15')).toEqual({ ok: true, pence: 115 });
  });

  it('refuses what is not an amount', () => {
    expect(parseMoney('abc')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMoney('12.345')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMoney('1e5')).toEqual({ ok: false, error: 'invalid' });
    expect(parseMoney('12.')).toEqual({ ok: false, error: 'invalid' });
  });

  it('refuses a negative amount and an empty one', () => {
    expect(parseMoney('-5')).toEqual({ ok: false, error: 'negative' });
    expect(parseMoney('£-1,000')).toEqual({ ok: false, error: 'negative' });
    expect(parseMoney('  ')).toEqual({ ok: false, error: 'empty' });
  });
});

describe('the money helpers', () => {
  it('turns a typed amount into the pounds the API takes, or null', () => {
    expect(moneyToPounds('£1,250.50')).toBe(1250.5);
    expect(moneyToPounds('')).toBeNull();
    expect(isMoney('118.50')).toBe(true);
    expect(isMoney('£')).toBe(false);
    expect(stripMoney('£ 1,000')).toBe('1000');
  });

  it('shows a stored amount for editing, empty when there is none', () => {
    expect(formatMoney(125050)).toBe('1250.5');
    expect(formatMoney(100)).toBe('1');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
  });

  it('a money field says the form’s own message, and an optional one passes empty', () => {
    const optional = moneyField('Enter an amount in pounds, like 2500');
    expect(optional.safeParse('').success).toBe(true);
    expect(optional.safeParse('12x').error?.issues[0]?.message).toBe('Enter an amount in pounds, like 2500');
    const required = moneyField('Enter a price in pounds, like 118.50', 'Enter a price');
    expect(required.safeParse('').error?.issues[0]?.message).toBe('Enter a price');
    expect(required.safeParse('-3').error?.issues[0]?.message).toBe('Enter a price in pounds, like 118.50');
    expect(required.safeParse(' £118.50 ').success).toBe(true);
  });
});
