import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from './countries.js';

describe('countries (issue #24: checkout country list)', () => {
  it('lists the 249 assigned ISO 3166-1 alpha-2 codes once each, every one named', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(countryName(code)).not.toBe(code);
  });

  it.each([
    ['US', true],
    ['GB', true],
    ['XX', false],
    ['UK', false],
    ['us', false],
  ])('isCountryCode(%s) is %s', (code, known) => {
    expect(isCountryCode(code)).toBe(known);
  });

  it('orders the options by name in the shopper language', () => {
    const en = countryOptions('en-US');
    expect(en[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
    expect(en.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(countryOptions('de_DE').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
  });
});
