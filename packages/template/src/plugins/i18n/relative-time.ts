import type { CLDR } from '@phensley/cldr';
import type { Formatter } from '../../plugin-api.js';
import { relativeTimeOptionsOf } from './options.js';
import { numberOf } from './values.js';
import { zonedDate } from '../date/zoned-date.js';
import { ResultMemo } from '../result-memo.js';

/** Formatted distances per locale, options and pair of instants. */
const RESULTS = new ResultMemo(256);

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
    const opts = relativeTimeOptionsOf(args);
    const results = RESULTS.table(cldr, opts);
    const key = `${start} ${end}`;
    const known = results.get(key);
    if (known !== undefined) {
      first.set(known);
      return;
    }
    const text = cldr.Calendars.formatRelativeTime(zonedDate(start, 'UTC', cldr), zonedDate(end, 'UTC', cldr), opts);
    first.set(RESULTS.store(results, key, text));
  },
};
