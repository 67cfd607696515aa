import { GregorianDate } from '@phensley/cldr';
import { zonedDate } from './zoned-date.js';

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const MONDAY = 2;

/** A moment resolved in one time zone, with the zone's abbreviation (e.g. `EST`). */
export interface ZonedMoment {
  readonly epoch: number;
  readonly zoneId: string;
  readonly zoneAbbr: string;
}

const pad = (n: number, width: number, fill = '0'): string => String(n).padStart(width, fill);

const twelveHour = (d: GregorianDate): number => (d.hour() === 0 ? 12 : d.hour());

/**
 * Formats a moment with a strftime-style pattern (English names, like the
 * Unix `date` command). Unknown conversions produce nothing; `%%` is a percent sign.
 */
export function strftime(moment: ZonedMoment, pattern: string): string {
  return render(pattern, zonedDate(moment.epoch, moment.zoneId), moment);
}

/** Formats `pattern` for the date `d` of `moment`. */
function render(pattern: string, d: GregorianDate, moment: ZonedMoment): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch !== '%' || i === pattern.length - 1) {
      out += ch;
      continue;
    }
    i++;
    out += conversion(pattern[i] as string, d, moment);
  }
  return out;
}

function conversion(code: string, d: GregorianDate, m: ZonedMoment): string {
  switch (code) {
    case '%':
      return '%';
    case 'a':
      return SHORT_DAYS[d.dayOfWeek() - 1] as string;
    case 'A':
      return LONG_DAYS[d.dayOfWeek() - 1] as string;
    case 'b':
    case 'h':
      return SHORT_MONTHS[d.month() - 1] as string;
    case 'B':
      return LONG_MONTHS[d.month() - 1] as string;
    case 'c':
      return render(`%a, %b ${d.dayOfMonth()}, %Y ${twelveHour(d)}:%M:%S %p %Z`, d, m);
    case 'C':
      return pad(Math.floor(d.year() / 100), 2);
    case 'd':
      return pad(d.dayOfMonth(), 2);
    case 'D':
      return render('%m/%d/%y', d, m);
    case 'e':
      return pad(d.dayOfMonth(), 2, ' ');
    case 'F':
      return render('%Y-%m-%d', d, m);
    case 'g':
      return pad(d.yearOfWeekOfYearISO() % 100, 2);
    case 'G':
      return pad(d.yearOfWeekOfYearISO(), 4);
    case 'H':
      return pad(d.hourOfDay(), 2);
    case 'I':
      return pad(twelveHour(d), 2);
    case 'j':
      return pad(d.dayOfYear(), 3);
    case 'k':
      return pad(d.hourOfDay(), 2, ' ');
    case 'l':
      return pad(twelveHour(d), 2, ' ');
    case 'm':
      return pad(d.month(), 2);
    case 'M':
      return pad(d.minute(), 2);
    case 'n':
      return '\n';
    case 'N':
      return pad(d.milliseconds() * 1e6, 9);
    case 'p':
      return d.isAM() ? 'AM' : 'PM';
    case 'P':
      return d.isAM() ? 'am' : 'pm';
    case 'q':
      return String(Math.floor((d.month() - 1) / 3) + 1);
    case 'r':
      return render(`${twelveHour(d)}:%M:%S %p`, d, m);
    case 'R':
      return render('%H:%M', d, m);
    case 's':
      return String(Math.trunc(m.epoch / 1000));
    case 'S':
      return pad(d.second(), 2);
    case 't':
      return '\t';
    case 'T':
      return render('%H:%M:%S', d, m);
    case 'u':
      return String(d.dayOfWeek() === 1 ? 7 : d.dayOfWeek() - 1);
    case 'U':
      return pad(d.weekOfYear(), 2);
    case 'v':
      return render('%e-%b-%Y', d, m);
    case 'V':
      return pad(d.weekOfYearISO(), 2);
    case 'w':
      return String(d.dayOfWeek() - 1);
    case 'W':
      return pad(GregorianDate.fromUnixEpoch(m.epoch, m.zoneId, MONDAY, 1).weekOfYear(), 2);
    case 'x':
      return render('%m/%d/%Y', d, m);
    case 'X':
      return render('%I:%M:%S %p', d, m);
    case 'y':
      return pad(d.year() % 100, 2);
    case 'Y':
      return String(d.year());
    case 'z':
      return offset(d.timeZoneOffset());
    case 'Z':
      return m.zoneAbbr;
    default:
      return '';
  }
}

function offset(ms: number): string {
  const minutes = Math.abs(ms) / 60000;
  const sign = ms < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
}
