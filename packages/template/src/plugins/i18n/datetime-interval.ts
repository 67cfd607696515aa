import type { CLDR, DateIntervalFormatOptions } from '@phensley/cldr';
import type { Formatter } from '../../plugin-api.js';
import { intervalOptionsOf } from './options.js';
import { numberOf } from './values.js';
import { zonedDate } from '../date/zoned-date.js';
import { ResultMemo } from '../result-memo.js';

/** Formatted intervals per locale, options, instants and zone. */
const RESULTS = new ResultMemo(256);

const DATE_FIELDS = /^[GyYuUrQqMLlwWdDFgEec]+$/;
const FALLBACK_SEPARATOR = ' – ';

/**
 * Formats the interval between two epoch-millisecond instants in a time zone.
 * Without a skeleton, a range crossing noon shows the zone (`10:00 AM – 12:00 PM PT`);
 * a date-only skeleton over two times of one day shows both ends.
 */
export function formatInterval(cldr: CLDR, start: number, end: number, zoneId: string, args: readonly string[]): string {
  const opts: DateIntervalFormatOptions = intervalOptionsOf(args);
  const results = RESULTS.table(cldr, opts);
  const key = `${start} ${end} ${zoneId}`;
  const known = results.get(key);
  return known !== undefined ? known : RESULTS.store(results, key, intervalText(cldr, start, end, zoneId, opts));
}

function intervalText(cldr: CLDR, start: number, end: number, zoneId: string, opts: DateIntervalFormatOptions): string {
  const s = zonedDate(start, zoneId, cldr);
  const e = zonedDate(end, zoneId, cldr);
  const fovd = s.fieldOfVisualDifference(e);
  if (!opts.skeleton && !opts.date && !opts.time && fovd === 'a') {
    return cldr.Calendars.formatDateInterval(s, e, { ...opts, skeleton: 'hmv' });
  }
  const dateOnly = opts.skeleton !== undefined && DATE_FIELDS.test(opts.skeleton);
  if (dateOnly && typeof fovd === 'string' && 'aBhHm'.includes(fovd)) {
    const one = cldr.Calendars.formatDate(s, { skeleton: opts.skeleton, ca: opts.ca, context: opts.context });
    const two = cldr.Calendars.formatDate(e, { skeleton: opts.skeleton, ca: opts.ca });
    return one + FALLBACK_SEPARATOR + two;
  }
  return cldr.Calendars.formatDateInterval(s, e, opts);
}

/** `{start,end|datetime-interval yMMMd}`: a localized range between two instants. */
export const datetimeInterval: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = ctx.cldr as CLDR | undefined;
    const start = numberOf(first.value);
    const end = numberOf(vars[1]?.value);
    const ok = cldr && vars.length >= 2 && Number.isFinite(start) && Number.isFinite(end);
    first.set(ok ? formatInterval(cldr, start, end, ctx.timeZone, args) : '');
  },
};
