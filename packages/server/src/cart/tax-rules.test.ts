import { describe, expect, it } from 'vitest';
import { applicableTaxRules, taxOn, type TaxRule } from './tax-rules.js';

const rule = (id: string, country: string, region = ''): TaxRule => ({ id, name: id, country, region, rateBasisPoints: 500, appliesToShipping: false });
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
    [10000, 825, 825],
    [12600, 625, 788],
    [12599, 625, 787],
    [1, 5000, 1],
    [0, 825, 0],
    [-100, 825, 0],
  ])('taxOn(%i, %i bp) = %i (half up)', (amount, bp, expected) => {
    expect(taxOn(amount, bp)).toBe(expected);
  });
});
