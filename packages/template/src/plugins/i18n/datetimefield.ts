import type { CLDR } from '@phensley/cldr';
import type { Formatter } from '../../plugin-api.js';
import { numberOf } from './values.js';

/** Date patterns for one field at each width (`{t|datetimefield month long}`). */
const FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  era: { short: 'G', long: 'GGGG', narrow: 'GGGGG' },
  year: { short: 'yy', long: 'y', narrow: 'y' },
  quarter: { short: 'QQQ', long: 'QQQQ', narrow: 'QQQQQ' },
  month: { short: 'LLL', long: 'LLLL', narrow: 'LLLLL' },
  day: { short: 'd', long: 'd', narrow: 'd' },
  weekday: { short: 'ccc', long: 'cccc', narrow: 'ccccc' },
  dayperiod: { short: 'a', long: 'aaaa', narrow: 'aaaaa' },
  hour: { short: 'H', long: 'H', narrow: 'H' },
  minute: { short: 'm', long: 'm', narrow: 'm' },
  second: { short: 's', long: 's', narrow: 's' },
  zone: { short: 'z', long: 'zzzz', narrow: 'z' },
};

/**
 * `{t|datetimefield weekday short}`: one localized field of a date in the site time zone
 * (era, year, quarter, month, day, weekday, dayperiod, hour, minute, second, zone;
 * width short, long or narrow, default long). Unknown fields or non-dates give ''.
 */
export const datetimefield: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = ctx.cldr as CLDR | undefined;
    const epoch = numberOf(first.value);
    const field = FIELDS[args[0] ?? ''];
    const pattern = field?.[args[1] ?? 'long'];
    if (!cldr || !pattern || !Number.isFinite(epoch)) {
      first.set('');
      return;
    }
    first.set(cldr.Calendars.formatDateRaw({ date: epoch, zoneId: ctx.timeZone }, { pattern }));
  },
};
