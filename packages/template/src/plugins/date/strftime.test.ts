import { describe, expect, it } from 'vitest';
import { formatters } from './index.js';
import { testContext, variable } from '../i18n/test-context.js';
import { strftime } from './strftime.js';

const run = (value: unknown, args: string[], timeZone: string, locale = 'en'): unknown => {
  const v = variable(value);
  formatters.date?.apply(args, [v], testContext({}, { timeZone, locale }));
  return v.value;
};

describe('date formatter', () => {
  const tokyo: Array<[string, string]> = [
    ['%a', 'Thu'],
    ['%A', 'Thursday'],
    ['%b', 'Feb'],
    ['%B', 'February'],
    ['%c', 'Thu, Feb 18, 2021 6:26:05 AM JST'],
    ['%C', '20'],
    ['%d', '18'],
    ['%D', '02/18/21'],
    ['%e', '18'],
    ['%F', '2021-02-18'],
    ['%g', '21'],
    ['%G', '2021'],
    ['%H', '06'],
    ['%I', '06'],
    ['%j', '049'],
    ['%k', ' 6'],
    ['%l', ' 6'],
    ['%m', '02'],
    ['%M', '26'],
    ['%N', '345000000'],
    ['%p', 'AM'],
    ['%P', 'am'],
    ['%q', '1'],
    ['%r', '6:26:05 AM'],
    ['%R', '06:26'],
    ['%s', '1613597165'],
    ['%S', '05'],
    ['%T', '06:26:05'],
    ['%u', '4'],
    ['%U', '08'],
    ['%w', '4'],
    ['%W', '08'],
    ['%x', '02/18/2021'],
    ['%X', '06:26:05 AM'],
    ['%y', '21'],
    ['%Y', '2021'],
    ['%z', '+09:00'],
    ['%Z', 'JST'],
    ['%v', '18-Feb-2021'],
    ['%V', '07'],
  ];
  it.each(tokyo)('%s in Asia/Tokyo', (fmt, expected) => {
    expect(run(1613597165345, [fmt], 'Asia/Tokyo')).toBe(expected);
  });

  it('uses the site time zone and joins arguments with spaces', () => {
    expect(run(1613597165345, ['%Y-%m-%d', '%H:%M:%S', '%Z'], 'America/New_York')).toBe('2021-02-17 16:26:05 EST');
    expect(run(1613597165345, ['%Y', '%%', '%d'], 'America/New_York')).toBe('2021 % 17');
    expect(run(1613557565000, ['%l %z'], 'America/New_York')).toBe(' 5 -05:00');
  });

  it('accepts numeric strings, outputs nothing without a pattern or a valid date', () => {
    expect(run('1613597165345', ['%Y'], 'UTC')).toBe('2021');
    expect(run(1613597165345, [], 'UTC')).toBe('');
    expect(run('soon', ['%Y'], 'UTC')).toBe('');
  });

  it('finds the zone abbreviation without CLDR (locale none)', () => {
    expect(run(1613597165345, ['%Z'], 'America/New_York', 'none')).toBe('EST');
  });

  it('keeps a trailing percent sign and drops unknown conversions', () => {
    expect(strftime({ epoch: 0, zoneId: 'UTC', zoneAbbr: 'UTC' }, '%Q 100%')).toBe(' 100%');
  });
});
