import { describe, expect, it } from 'vitest';
import { cldrFor, testContext, variable } from '../test-context.js';
import { formatUnit, unit } from './format-unit.js';
import { legacyUnitPattern, usesPlainUnitSpacing, withPlainUnitSpacing } from './legacy-patterns.js';

const en = cldrFor('en-US');
const u = (value: unknown, args: string): string => formatUnit(en, value, args.split(' ').filter(Boolean));

describe('unit formatter', () => {
  it.each([
    ['389.3592', 'in:degree sequence:degree,arc-minute,arc-second', '389° 21′ 33.1″'],
    ['389.3592', 'in:degree sequence:degree,arc-minute,arc-second format:long', '389 degrees 21 arcminutes 33.1 arcseconds'],
    [3.152, 'in:revolution sequence:degree,arc-minute', '1134° 43.2′'],
    [17.2, 'in:radians sequence:degree,arc-minute', '985° 29.2′'],
    ['0.123', 'in:arc-minute out:arc-minute,arc-second', '7.4″'],
    ['15243.987', 'in:acre out:square-yard group', '73,780,897.1yd²'],
    ['15243.987', 'in:acre out:square-kilometer group', '61.7 km²'],
    ['15243.987', 'in:acre out:square-kilometer format:short', '61.7 km²'],
    ['4194304', 'in:byte out:byte group', '4,194,304byte'],
    ['15243.987', 'in:acre out:square-centimeter group', '616,902,266,939.3cm²'],
    ['15789655', 'in:byte compact:bytes', '15.1MB'],
    ['15789655', 'in:byte out:kilobyte group', '15,419.6kB'],
    ['15789655', 'in:byte compact:bits format:long', '126.3 megabits'],
    ['1024', 'in:byte format:long', '1 kilobyte'],
    ['1073741824', 'in:byte out:megabyte format:long', '1024 megabytes'],
    ['1234567', 'in:second', '14.3d'],
    ['1234567', 'in:second sequence:day,hour,minute format:long', '14 days 6 hours 56.1 minutes'],
    ['6370', 'in:minute sequence:day,hour', '4d 10.2h'],
    ['12.35', 'in:year sequence:year,month,day', '12y 4m 6.1d'],
    ['2.3415796', 'in:century out:day format:long group', '85,524.4 days'],
    ['987654321012', 'in:nanosecond sequence:minute,second,millisecond format:long', '16 minutes 27 seconds 654.3 milliseconds'],
    ['12345678.99', 'in:hertz out:gigahertz maxfrac:6', '0.012346GHz'],
    ['12345', 'in:inch', '342.9yd'],
    ['12345', 'in:inch sequence:foot,inch group format:long', '1,028 feet 9 inches'],
    ['3.5', 'in:centimeter out:point', '99.2pt'],
    ['10.351', 'in:mile sequence:mile,inch group', '10mi 22,239.4″'],
    ['15.3', 'in:parsec out:mile group format:long', '293,354,727,123,709.6 miles'],
    ['.0123', 'in:yard out:light-year,mile,yard,foot,inch', '0.4″'],
    ['37', 'in:celsius', '98.6°'],
    ['32', 'in:fahrenheit out:celsius format:long', '0 degrees Celsius'],
    ['212', 'in:fahrenheit out:celsius', '100°C'],
    ['5', 'in:meter-per-second-squared out:g-force maxfrac:3', '0.51Gs'],
    ['5040', 'out:watt', '5040W'],
    ['-3.5', 'in:hour sequence:hour,minute', '-3h 30m'],
    ['3725', 'in:second sequence:second,hour,minute', '1h 2m 5s'],
    ['55', 'in:liter-per-100kilometers', '4.3mpg'],
    ['13', 'in:liters-per-kilometer compact:consumption group format:long', '0.2 miles per gallon'],
    ['10', 'in:mile-per-gallon out:liter-per-100kilometers format:long group', '23.5 liters per 100 kilometers'],
  ])('%s %s', (value, args, expected) => {
    expect(u(value, args)).toBe(expected);
  });

  it('uses metric defaults outside the US', () => {
    expect(formatUnit(cldrFor('fr-FR'), '37', ['in:celsius'])).toBe('37°C');
    expect(formatUnit(cldrFor('fr-FR'), '12345657890', ['in:byte', 'compact:bytes'])).toBe('11,5 Go');
  });

  it("uses the reference's older patterns only for the listed language, width and unit", () => {
    const fr = cldrFor('fr-FR');
    expect(formatUnit(fr, '-27476.8', ['in:megabyte', 'out:megabyte', 'group'])).toBe('-27\u202f476,8 Mo');
    expect(formatUnit(fr, '3', ['in:month', 'out:month'])).toBe('3m');
    expect(formatUnit(fr, '3', ['in:month', 'out:month', 'format:short'])).toBe('3 m');
    expect(formatUnit(fr, '3', ['in:month', 'out:month', 'format:long'])).toBe('3 mois');
    expect(formatUnit(fr, '12345', ['in:second', 'sequence:hour,minute,second', 'format:long'])).toBe('3 heures 25 minutes 45 secondes');
    expect(formatUnit(fr, '1307674.4', ['in:liter', 'out:megaliter', 'group', 'format:long'])).toBe('1,3 mégalitre');
    expect(withPlainUnitSpacing('1\u202f307\u00a0Go', '1\u202f307')).toBe('1\u202f307 Go');
    expect(withPlainUnitSpacing('\u00a0x\u00a0', '?')).toBe(' x ');
    expect([usesPlainUnitSpacing('fr'), usesPlainUnitSpacing('de'), usesPlainUnitSpacing('__proto__')]).toEqual([true, false, false]);
    expect(formatUnit(fr, '12', ['in:kilometer-per-hour'])).toBe('12km/h');
    expect(legacyUnitPattern('fr', 'narrow', 'gigabyte')).toBe('{0} Go');
    expect(legacyUnitPattern('fr', 'narrow', '__proto__')).toBeUndefined();
    expect(legacyUnitPattern('__proto__', 'narrow', 'gigabyte')).toBeUndefined();
    expect(legacyUnitPattern('de', 'narrow', 'gigabyte')).toBeUndefined();
  });

  it('prints a plain number without unit arguments and nothing for non-numbers', () => {
    expect(u('1234.5678', '')).toBe('1234.6');
    expect(u('abc', 'in:byte')).toBe('');
    const v = variable({});
    unit.apply([], [v], testContext());
    expect(v.value).toBe('');
  });

  it('keeps results apart per amount, locale and argument list when one call site formats again', () => {
    const args = ['in:byte', 'compact:bytes'];
    const fr = cldrFor('fr-FR');
    expect(formatUnit(en, '15789655', args)).toBe('15.1MB');
    expect(formatUnit(en, '1024', args)).toBe('1kB');
    expect(formatUnit(fr, '15789655', args)).toBe(formatUnit(fr, '15789655', [...args]));
    expect(formatUnit(en, '15789655', args)).toBe('15.1MB');
    expect(formatUnit(en, '1024.0', args)).toBe(formatUnit(en, '1024.0', [...args]));
    expect(formatUnit(en, 'x', args)).toBe('');
  });
});
