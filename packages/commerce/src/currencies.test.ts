import { describe, expect, it } from 'vitest';
import { CURRENCIES, DEFAULT_CURRENCY, currencyInfo, fractionDigits, isSupportedCurrency } from './currencies.js';

describe('currencies', () => {
  it('lists 26 distinct currencies', () => {
    expect(CURRENCIES).toHaveLength(26);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(26);
  });

  it.each(['AUD', 'CAD', 'EUR', 'GBP', 'JPY', 'SEK', 'USD'])('supports %s used by the i18n money corpus', (code) => {
    expect(isSupportedCurrency(code)).toBe(true);
  });

  it.each(CURRENCIES.map((c) => [c.code, c.code === 'JPY' ? 0 : 2] as const))('%s has %i fraction digits', (code, digits) => {
    expect(fractionDigits(code)).toBe(digits);
  });

  it('defaults the store currency to USD', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it('rejects unknown currencies with a clear error', () => {
    expect(isSupportedCurrency('XYZ')).toBe(false);
    expect(() => currencyInfo('XYZ')).toThrow('Unsupported currency: "XYZ"');
  });
});
