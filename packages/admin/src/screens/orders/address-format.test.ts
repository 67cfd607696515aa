import { describe, expect, it } from 'vitest';
import { formatAddress } from './address-format.js';

const base = { firstName: 'Grace', lastName: 'Hopper', address1: '1 Harbour St', address2: '' };

describe('addresses formatted per country (#24)', () => {
  it.each([
    ['US', { city: 'Springfield', region: 'IL', postalCode: '62704' }, ['Springfield, IL 62704', 'United States']],
    ['CA', { city: 'Toronto', region: 'ON', postalCode: 'M5V 2T6' }, ['Toronto, ON M5V 2T6', 'Canada']],
    ['AU', { city: 'Sydney', region: 'NSW', postalCode: '2000' }, ['Sydney NSW 2000', 'Australia']],
    ['GB', { city: 'London', region: '', postalCode: 'SW1A 1AA' }, ['London', 'SW1A 1AA', 'United Kingdom']],
    ['DE', { city: 'Berlin', region: '', postalCode: '10115' }, ['10115 Berlin', 'Germany']],
    ['FR', { city: 'Paris', region: '', postalCode: '75001' }, ['75001 Paris', 'France']],
    ['NL', { city: 'Amsterdam', region: '', postalCode: '1012 AB' }, ['1012 AB Amsterdam', 'Netherlands']],
    ['JP', { city: 'Chuo-ku', region: 'Tokyo', postalCode: '104-0061' }, ['〒104-0061', 'Tokyo Chuo-ku', 'Japan']],
  ])('#24 %s keeps the region and puts the postal code where the country writes it', (country, town, tail) => {
    expect(formatAddress({ ...base, country, ...town })).toEqual(['Grace Hopper', '1 Harbour St', ...tail]);
  });

  it('#24 keeps a region in countries that write it after the town', () => {
    expect(formatAddress({ ...base, country: 'IT', city: 'Roma', region: 'RM', postalCode: '00144' }).slice(2)).toEqual(['00144 Roma', 'RM', 'Italy']);
  });

  it('gives nothing for no address', () => {
    expect(formatAddress(null)).toEqual([]);
  });
});
