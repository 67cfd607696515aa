import { describe, expect, it } from 'vitest';
import { decimalText, fractionDigits, legacyPrice, moneyFromNode, parseScaled, toDecimalString } from './money.js';

describe('parseScaled', () => {
  it.each([
    ['12.50', 2, 1250],
    ['.5', 2, 50],
    ['1', 2, 100],
    ['-3.2', 2, -320],
    [7.25, 2, 725],
    ['1e3', 2, 100000],
    ['2.5', 0, 2],
    ['3.5', 0, 4],
    ['2.51', 0, 3],
    ['0.125', 2, 12],
    ['0.135', 2, 14],
    ['-0.004', 2, 0],
  ] as const)('%s at %i digits is %i (half to even)', (input, digits, expected) => {
    expect(parseScaled(input, digits)).toBe(expected);
  });

  it.each(['', 'A', '1.2.3', '.', '--1', null, {}, Number.NaN])('rejects %s', (input) => {
    expect(parseScaled(input, 2)).toBeUndefined();
  });

  it('gives the same result on repeated calls, per digit count', () => {
    for (let i = 0; i < 3; i++) {
      expect(parseScaled('2.5', 0)).toBe(2);
      expect(parseScaled('2.5', 2)).toBe(250);
      expect(parseScaled('2.5x', 2)).toBeUndefined();
    }
  });
});

describe('money values', () => {
  it('uses 2 fraction digits except JPY with 0 (spec section 3)', () => {
    expect(fractionDigits('USD')).toBe(2);
    expect(fractionDigits('EUR')).toBe(2);
    expect(fractionDigits('JPY')).toBe(0);
  });

  it('reads value/currency and decimalValue/currencyCode shapes', () => {
    expect(moneyFromNode({ value: '12.50', currency: 'EUR' })).toEqual({ minor: 1250, currency: 'EUR' });
    expect(moneyFromNode({ decimalValue: '1234.56', currencyCode: 'JPY' })).toEqual({ minor: 1235, currency: 'JPY' });
  });

  it('defaults to USD and to zero for unreadable amounts', () => {
    expect(moneyFromNode({ value: '2' })).toEqual({ minor: 200, currency: 'USD' });
    expect(moneyFromNode({ value: 'abc', currency: 'GBP' })).toEqual({ minor: 0, currency: 'GBP' });
    expect(moneyFromNode(undefined)).toEqual({ minor: 0, currency: 'USD' });
  });

  it('prints major units as plain decimals', () => {
    expect(toDecimalString({ minor: 5, currency: 'USD' })).toBe('0.05');
    expect(toDecimalString({ minor: -12345, currency: 'USD' })).toBe('-123.45');
    expect(toDecimalString({ minor: 2500, currency: 'JPY' })).toBe('2500');
  });

  it('gives legacy prices in hundredths of the major unit', () => {
    expect(legacyPrice({ minor: 1250, currency: 'USD' })).toBe(1250);
    expect(legacyPrice({ minor: 2500, currency: 'JPY' })).toBe(250000);
  });

  it('recognises decimal text', () => {
    expect(decimalText(' 12.5 ')).toBe('12.5');
    expect(decimalText(123456)).toBe('123456');
    expect(decimalText('A')).toBeUndefined();
  });
});
