/** One calendar day of a time zone: its date and the instants it starts and ends at. */
export interface LocalDay {
  /** The day as YYYY-MM-DD in the time zone. */
  readonly date: string;
  /** The first instant of the day. */
  readonly start: Date;
  /** The first instant of the next day. */
  readonly end: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function partsOf(instant: number, timeZone: string): Record<string, number> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The first instant whose wall clock in `timeZone` reads `wall` (ms of a UTC date), or the first after it when the clock skips it. */
function instantOfWall(wall: number, timeZone: string): number {
  let guess = wall - offsetAt(wall, timeZone);
  // A second pass settles a guess that crossed a change of offset (daylight saving).
  guess = wall - offsetAt(guess, timeZone);
  return guess;
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The day `now` falls on in `timeZone` (an IANA name; UTC when it is none), with the instants
 * it starts and ends at, daylight-saving days included (23 or 25 hours long).
 */
export function localDayOf(now: Date, timeZone: string): LocalDay {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const p = partsOf(now.getTime(), zone);
  const midnight = Date.UTC(p.year!, p.month! - 1, p.day!);
  const date = new Date(midnight).toISOString().slice(0, 10);
  return { date, start: new Date(instantOfWall(midnight, zone)), end: new Date(instantOfWall(midnight + DAY_MS, zone)) };
}
