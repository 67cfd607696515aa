import { describe, expect, it } from 'vitest';
import { formatLegacyMoney, fractionDigits, i18nMoneyFormat } from './legacy-money.js';
import { variable, testContext } from './test-context.js';

const NB = '\u00a0';

describe('i18n-money-format (legacy money format)', () => {
  it.each([
    ['AUD', 'de-DE', '1.234,56 A$', '-1.234,56 A$'],
    ['AUD', 'en-US', 'A$1,234.56', '-A$1,234.56'],
    ['AUD', 'fr-FR', `1${NB}234,56 A$`, `-1${NB}234,56 A$`],
    ['CAD', 'sv-SE', `1${NB}234,56 C$`, `-1${NB}234,56 C$`],
    ['EUR', 'de-DE', '1.234,56€', '-1.234,56€'],
    ['EUR', 'en-UK', '€1,234.56', '-€1,234.56'],
    ['GBP', 'es-US', '£1,234.56', '-£1,234.56'],
    ['JPY', 'de-DE', '1.235¥', '-1.235¥'],
    ['JPY', 'en-US', '¥1,235', '-¥1,235'],
    ['SEK', 'en-US', 'kr 1,234.56', 'kr -1,234.56'],
    ['SEK', 'sv-SE', `1${NB}234,56 kr`, `-1${NB}234,56 kr`],
    ['USD', 'fr-FR', `1${NB}234,56$`, `-1${NB}234,56$`],
    ['CHF', 'en-US', 'CHF 1,234.56', 'CHF -1,234.56'],
  ])('%s in %s', (currency, locale, positive, negative) => {
    expect(formatLegacyMoney('1234.56', currency, locale)).toBe(positive);
    expect(formatLegacyMoney('-1234.56', currency, locale)).toBe(negative);
  });

  it('rounds half-even to the currency fraction digits', () => {
    expect(formatLegacyMoney('0.125', 'USD', 'en-US')).toBe('$0.12');
    expect(formatLegacyMoney('1234567.5', 'JPY', 'en_US')).toBe('¥1,234,568');
    expect(fractionDigits('JPY')).toBe(0);
    expect(fractionDigits('EUR')).toBe(2);
  });

  it('reads money nodes, defaults to en-US, and outputs nothing for other values', () => {
    const apply = (value: unknown, args: string[]): unknown => {
      const v = variable(value);
      i18nMoneyFormat.apply(args, [v], testContext());
      return v.value;
    };
    expect(apply({ currencyCode: 'EUR', decimalValue: 1234.56 }, ['de-DE'])).toBe('1.234,56€');
    expect(apply({ currency: 'USD', value: '5' }, [])).toBe('$5.00');
    expect(apply({}, [])).toBe('');
    expect(apply({ currencyCode: 'USD', decimalValue: 'abc' }, [])).toBe('');
  });
});
