import { mapFormatter, type Formatter } from '../../plugin-api.js';
import { asNumber, asString, getProp } from '../content/values.js';

/** Date format of calendar links (spec section 9), in UTC. */
export const CALENDAR_DATE_FORMAT = '%Y%m%dT%H%M%SZ';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Formats an epoch-milliseconds instant in UTC with `%Y %m %d %H %M %S`; other characters are copied. */
export function formatUtc(epochMs: number, format: string): string {
  const d = new Date(epochMs);
  return format.replace(/%([YmdHMS])/g, (_m, field: string) => utcField(d, field));
}

/** One `%` field of `formatUtc`. */
function utcField(d: Date, field: string): string {
  switch (field) {
    case 'Y':
      return pad(d.getUTCFullYear(), 4);
    case 'm':
      return pad(d.getUTCMonth() + 1, 2);
    case 'd':
      return pad(d.getUTCDate(), 2);
    case 'H':
      return pad(d.getUTCHours(), 2);
    case 'M':
      return pad(d.getUTCMinutes(), 2);
    default:
      return pad(d.getUTCSeconds(), 2);
  }
}

function locationText(location: unknown): string {
  return ['addressLine1', 'addressLine2', 'addressCountry']
    .map((key) => asString(getProp(location, key)).trim())
    .filter((part) => part.length > 0)
    .join(', ');
}

/** Message recorded when an event's start or end is not a valid instant. */
export const INVALID_DATE = 'Invalid date.';

const isValidInstant = (ms: number) => !Number.isNaN(new Date(ms).getTime());

/**
 * `{event|google-calendar-url}`: a Google Calendar "add event" link for an event's title, dates
 * and address; missing (with an error recorded) when a date is not a valid instant.
 */
export const googleCalendarUrl: Formatter = mapFormatter((event, _args, ctx) => {
  const startMs = asNumber(getProp(event, 'startDate'));
  const endMs = asNumber(getProp(event, 'endDate'));
  if (!isValidInstant(startMs) || !isValidInstant(endMs)) {
    ctx.error(INVALID_DATE);
    return undefined;
  }
  const start = formatUtc(startMs, CALENDAR_DATE_FORMAT);
  const end = formatUtc(endMs, CALENDAR_DATE_FORMAT);
  const title = escape(asString(getProp(event, 'title')));
  let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${title}&dates=${start}/${end}`;
  const location = getProp(event, 'location');
  if (location !== undefined) {
    const text = locationText(location);
    if (text !== '') url += `&location=${encodeURIComponent(text)}`;
  }
  return url;
});
