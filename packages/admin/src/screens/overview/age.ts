const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago something happened, in words of the browser's language ('3 days ago', '5 hours ago', 'now'). */
export function ageText(seconds: number, locale?: string): string {
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds < MINUTE) return words.format(0, 'second');
  if (seconds < HOUR) return words.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return words.format(-Math.floor(seconds / HOUR), 'hour');
  return words.format(-Math.floor(seconds / DAY), 'day');
}
