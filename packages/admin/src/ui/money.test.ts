import { describe, expect, it } from 'vitest';
import { centsToText, parseMoney } from './money.js';

describe('money the owner types (donation settings, issue 27 item 7)', () => {
  it.each([
    [2500, 'USD', '25.00'],
    [5, 'EUR', '0.05'],
    [500, 'JPY', '500'],
  ])('%i minor units of %s read back as %s, and parse to the same amount', (cents, currency, text) => {
    expect(centsToText(cents, currency)).toBe(text);
    expect(parseMoney(text, currency)).toBe(cents);
  });

  it('refuses more decimals than the currency has', () => {
    expect(parseMoney('12.5', 'JPY')).toBeNull();
    expect(parseMoney('12.505', 'USD')).toBeNull();
  });
});
