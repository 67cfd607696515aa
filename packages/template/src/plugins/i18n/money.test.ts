import { describe, expect, it } from 'vitest';
import { cldrFor } from './test-context.js';
import { formatMoney } from './money.js';

const en = cldrFor('en-US');
const de = cldrFor('de-DE');
const node = (decimalValue: string, currencyCode: string): unknown => ({ decimalValue, currencyCode });

describe('formatMoney', () => {
  it('keeps results apart per amount, currency, arguments and locale when formatting again', () => {
    expect(formatMoney(en, node('12.5', 'USD'), [])).toBe('$12.50');
    expect(formatMoney(en, node('12.5', 'EUR'), [])).toBe('€12.50');
    expect(formatMoney(en, node('13.5', 'USD'), [])).toBe('$13.50');
    expect(formatMoney(en, node('12.5', 'USD'), ['style:code'])).not.toBe('$12.50');
    expect(formatMoney(de, node('12.5', 'USD'), [])).toBe(formatMoney(de, node('12.5', 'USD'), []));
    expect(formatMoney(de, node('12.5', 'USD'), [])).not.toBe('$12.50');
    expect(formatMoney(en, node('12.5', 'USD'), [])).toBe('$12.50');
  });

  it('gives nothing for values that are not money', () => {
    expect(formatMoney(en, 'x', [])).toBe('');
    expect(formatMoney(en, node('abc', 'USD'), [])).toBe('');
  });
});
