import type { CLDR } from '@phensley/cldr';
import type { Formatter } from '../../plugin-api.js';
import { datetimeOptionsOf } from './options.js';
import { numberOf } from './values.js';
import { zonedDate } from '../date/zoned-date.js';
import { ResultMemo } from '../result-memo.js';

/** Formatted dates per locale, options, instant and zone. */
const RESULTS = new ResultMemo(256);

/** Formats epoch milliseconds with CLDR date/time options, in a time zone. */
export function formatDatetime(cldr: CLDR, epoch: number, zoneId: string, args: readonly string[]): string {
  const opts = datetimeOptionsOf(args);
  const results = RESULTS.table(cldr, opts);
  const key = `${epoch} ${zoneId}`;
  const known = results.get(key);
  if (known !== undefined) return known;
  const date = opts.ca === 'gregory' ? zonedDate(epoch, zoneId, cldr) : { date: epoch, zoneId };
  return RESULTS.store(results, key, cldr.Calendars.formatDate(date, opts));
}

/** `{t|datetime date:long time:short}`: localized date and time in the site time zone. */
export const datetime: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = ctx.cldr as CLDR | undefined;
    const epoch = numberOf(first.value);
    first.set(cldr && Number.isFinite(epoch) ? formatDatetime(cldr, epoch, ctx.timeZone, args) : '');
  },
};
