import type { CLDR } from '@phensley/cldr';
import type { Formatter } from '../../plugin-api';
import { relativeTimeOptionsOf } from './options';
import { numberOf } from './values';
import { zonedDate } from '../date/zoned-date';

/**
 * `{t|relative-time}`: how far `t` is from now (`in 2 hours`, `11 hours ago`);
 * `{a,b|relative-time}` measures from `a` to `b`. Calendar distances are taken in UTC.
 */
export const relativeTime: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = ctx.cldr as CLDR | undefined;
    const two = vars.length > 1;
    const start = two ? numberOf(first.value) : ctx.now;
    const end = numberOf(two ? vars[1]?.value : first.value);
    if (!cldr || !Number.isFinite(start) || !Number.isFinite(end)) {
      first.set('');
      return;
    }
    const s = zonedDate(start, 'UTC', cldr);
    const e = zonedDate(end, 'UTC', cldr);
    first.set(cldr.Calendars.formatRelativeTime(s, e, relativeTimeOptionsOf(args)));
  },
};
