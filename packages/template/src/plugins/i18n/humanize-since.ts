const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const STEPS: ReadonlyArray<[number, string]> = [
  [YEAR, 'year'],
  [MONTH, 'month'],
  [WEEK, 'week'],
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
];

/**
 * English "time since" text for an elapsed span in milliseconds (spec section 9):
 * `about a year ago`, `about an hour ago`, `about 3 days ago` ... else (and for future
 * moments) `less than a minute ago`.
 */
export function humanizeSince(elapsedMs: number): string {
  for (const [size, unit] of STEPS) {
    const count = Math.trunc(elapsedMs / size);
    if (count >= 1) {
      if (count > 1) return `about ${count} ${unit}s ago`;
      return `about ${unit === 'hour' ? 'an' : 'a'} ${unit} ago`;
    }
  }
  return 'less than a minute ago';
}
