import { describe, expect, it } from 'vitest';
import { countryRegions, isRegionOf } from './regions.js';

describe('regions (issue #24: checkout region list)', () => {
  it.each([
    ['US', 'State', 56, 'NY', 'New York'],
    ['CA', 'Province', 13, 'QC', 'Quebec'],
    ['AU', 'State / territory', 8, 'NSW', 'New South Wales'],
    ['MX', 'State', 32, 'CMX', 'Ciudad de México'],
    ['BR', 'State', 27, 'SP', 'São Paulo'],
    ['JP', 'Prefecture', 47, '13', 'Tokyo'],
  ])('%s: %s, %i of them, %s is %s', (country, label, count, code, name) => {
    const found = countryRegions(country)!;
    expect(found.label).toBe(label);
    expect(found.regions).toHaveLength(count);
    expect(new Set(found.regions.map((r) => r.code)).size).toBe(count);
    expect(found.regions.find((r) => r.code === code)?.name).toBe(name);
  });

  it('checks a region against its country; a country without a list takes any region', () => {
    expect(isRegionOf('US', 'IL')).toBe(true);
    expect(isRegionOf('US', 'ON')).toBe(false);
    expect(isRegionOf('CA', 'ON')).toBe(true);
    expect(isRegionOf('GB', 'Yorkshire')).toBe(true);
    expect(countryRegions('GB')).toBeNull();
    expect(countryRegions('toString')).toBeNull();
  });
});
