import { describe, expect, it } from 'vitest';
import { addMoney, decimalToMinor, minorToDecimal, money, multiplyMoney, toMoney } from './money.js';
import { formatMoney, parseDisplayedPrice } from './money-format.js';

describe('decimalToMinor', () => {
  it.each([
    ['0.1', 'USD', 10],
    ['0.29', 'USD', 29],
    ['1.005', 'USD', 101],
    ['19.99', 'USD', 1999],
    ['-1234.56', 'USD', -123456],
    ['1234.56', 'JPY', 1235],
    ['1234.4', 'JPY', 1234],
    ['12', 'EUR', 1200],
    ['12.', 'EUR', 1200],
    ['  7.5 ', 'GBP', 750],
    [0.1 + 0.2, 'USD', 30],
    [1e17, 'USD', NaN],
  ] as const)('%s %s -> %d', (input, currency, expected) => {
    if (Number.isNaN(expected)) expect(() => decimalToMinor(input, currency)).toThrow('out of range');
    else expect(decimalToMinor(input, currency)).toBe(expected);
  });

  it.each(['', 'abc', '1,50', '1.2.3', '--1'])('rejects %j', (input) => {
    expect(() => decimalToMinor(input, 'USD')).toThrow('Not a decimal amount');
  });
});

describe('minorToDecimal', () => {
  it.each([
    [0, 'USD', '0.00'],
    [5, 'USD', '0.05'],
    [-5, 'USD', '-0.05'],
    [123456, 'USD', '1234.56'],
    [1235, 'JPY', '1235'],
  ] as const)('%d %s -> %s', (minor, currency, expected) => {
    expect(minorToDecimal(minor, currency)).toBe(expected);
  });

  it('round-trips every cent value up to 100.00', () => {
    for (let c = 0; c <= 10000; c++) expect(decimalToMinor(minorToDecimal(c))).toBe(c);
  });

  it('refuses fractional minor units', () => {
    expect(() => minorToDecimal(1.5)).toThrow('integer');
  });
});

describe('money arithmetic', () => {
  it('adds and multiplies in minor units', () => {
    expect(addMoney(money(10), money(20))).toEqual({ value: 30, currency: 'USD' });
    expect(multiplyMoney(money(1999), 3).value).toBe(5997);
  });

  it('refuses mixed currencies', () => {
    expect(() => addMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow('Currency mismatch');
  });

  it('reads both money shapes', () => {
    expect(toMoney({ decimalValue: '19.99', currencyCode: 'EUR' })).toEqual({ value: 1999, currency: 'EUR' });
    expect(toMoney({ value: 5, currency: 'JPY' })).toEqual({ value: 5, currency: 'JPY' });
  });
});

describe('formatMoney', () => {
  it.each([
    [123456, 'USD', 'en-US', '$1,234.56'],
    [-123456, 'USD', 'en-US', '-$1,234.56'],
    [1235, 'JPY', 'en-US', '¥1,235'],
    [123456, 'EUR', 'de_DE', '1.234,56 €'],
    [123456, 'GBP', 'en_UK', '£1,234.56'],
  ] as const)('%d %s in %s -> %s', (value, currency, locale, expected) => {
    expect(formatMoney(money(value, currency), locale).replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('trims a zero fraction on request only', () => {
    expect(formatMoney(money(2000), 'en-US', { trimZeroFraction: true })).toBe('$20');
    expect(formatMoney(money(2050), 'en-US', { trimZeroFraction: true })).toBe('$20.50');
  });

  it('formats amounts beyond double precision exactly', () => {
    expect(formatMoney(money(900719925474099))).toBe('$9,007,199,254,740.99');
  });

  it('keeps each locale, currency and precision apart when formats are reused', () => {
    const shown = () =>
      [
        formatMoney(money(2000), 'en-US', { trimZeroFraction: true }),
        formatMoney(money(2000), 'en-US'),
        formatMoney(money(2000, 'EUR'), 'de-DE'),
        formatMoney(money(2000, 'EUR'), 'en-US'),
        formatMoney(money(2000, 'JPY'), 'en-US'),
      ].map((text) => text.replace(/\u00a0/g, ' '));
    const expected = ['$20', '$20.00', '20,00 €', '€20.00', '¥2,000'];
    expect(shown()).toEqual(expected);
    expect(shown()).toEqual(expected);
  });

  it('still formats correctly after many distinct locales', () => {
    const locales = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'es-ES', 'it-IT', 'nl-NL'];
    for (let round = 0; round < 12; round++) for (const locale of locales) formatMoney(money(round, 'USD'), locale);
    expect(formatMoney(money(123456, 'GBP'), 'en_UK')).toBe('£1,234.56');
  });

  it('rejects an unknown locale tag with a RangeError every time', () => {
    expect(() => formatMoney(money(1), 'not a locale!')).toThrow(RangeError);
    expect(() => formatMoney(money(1), 'not a locale!')).toThrow(RangeError);
  });
});

describe('parseDisplayedPrice', () => {
  it.each([
    ['$1,234.50', 123450],
    ['1.234,50 €', 123450],
    ['$20', 2000],
    ['£7.5', 750],
  ] as const)('%s -> %d', (text, cents) => {
    expect(parseDisplayedPrice(text)).toBe(cents);
  });

  it('rejects text without digits', () => {
    expect(() => parseDisplayedPrice('free')).toThrow('Not a price');
  });
});
