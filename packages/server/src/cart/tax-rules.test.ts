import { describe, expect, it } from 'vitest';
import { applicableTaxRules, taxOn, type TaxRule } from './tax-rules.js';

const rule = (id: string, country: string, region = ''): TaxRule => ({ id, name: id, country, region, rateThousandths: 5000, appliesToShipping: false });
const RULES = [rule('everywhere', ''), rule('us', 'US'), rule('il', 'US', 'IL'), rule('ca', 'CA')];

describe('tax rules', () => {
  it.each([
    [null, ['everywhere']],
    [{ country: 'US', region: 'IL', postalCode: '' }, ['everywhere', 'us', 'il']],
    [{ country: 'US', region: 'NY', postalCode: '' }, ['everywhere', 'us']],
    [{ country: 'CA', region: 'IL', postalCode: '' }, ['everywhere', 'ca']],
    [{ country: 'FR', region: '', postalCode: '' }, ['everywhere']],
  ])('at %j apply %j', (location, ids) => {
    expect(applicableTaxRules(RULES, location).map((r) => r.id)).toEqual(ids);
  });

  it.each([
    [10000, 8250, 825],
    [12600, 6250, 788],
    [12599, 6250, 787],
    [1, 50000, 1],
    [0, 8250, 0],
    [-100, 8250, 0],
  ])('taxOn(%i, %i thousandths of a percent) = %i (half up)', (amount, rate, expected) => {
    expect(taxOn(amount, rate)).toBe(expected);
  });

  it.each([
    [10000, 8875, 888],
    [10000, 8874, 887],
    [2000, 8875, 178],
  ])('#24 a three-decimal rate: taxOn(%i, %i) = %i', (amount, rate, expected) => {
    expect(taxOn(amount, rate)).toBe(expected);
  });
});
