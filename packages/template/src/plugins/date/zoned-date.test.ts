import { describe, expect, it } from 'vitest';
import { GregorianDate } from '@phensley/cldr';
import { cldrFor } from '../i18n/test-context.js';
import { zonedDate } from './zoned-date.js';

const EPOCH = Date.UTC(2021, 0, 3, 12, 0, 0);

describe('zonedDate', () => {
  it('resolves the instant in the zone', () => {
    const d = zonedDate(EPOCH, 'Asia/Tokyo');
    expect([d.year(), d.month(), d.dayOfMonth(), d.hourOfDay()]).toEqual([2021, 1, 3, 21]);
    expect(d.timeZoneId()).toBe('Asia/Tokyo');
  });

  it('reuses the date for the same instant and zone, not for another zone', () => {
    expect(zonedDate(EPOCH, 'Europe/Paris')).toBe(zonedDate(EPOCH, 'Europe/Paris'));
    expect(zonedDate(EPOCH, 'Europe/Paris')).not.toBe(zonedDate(EPOCH, 'Europe/London'));
  });

  it('counts weeks from Sunday without a locale and as the locale does with one', () => {
    const plain = GregorianDate.fromUnixEpoch(EPOCH, 'UTC', 1, 1);
    expect(zonedDate(EPOCH, 'UTC').weekOfYear()).toBe(plain.weekOfYear());
    const de = cldrFor('de-DE');
    const expected = de.Calendars.toGregorianDate({ date: EPOCH, zoneId: 'UTC' });
    expect(zonedDate(EPOCH, 'UTC', de).weekOfYear()).toBe(expected.weekOfYear());
    expect(zonedDate(EPOCH, 'UTC', de).weekOfYear()).not.toBe(plain.weekOfYear());
  });
});
