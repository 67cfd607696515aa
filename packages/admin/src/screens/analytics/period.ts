/** A report period of whole UTC days, both ends included (YYYY-MM-DD). */
export interface Period {
  readonly from: string;
  readonly to: string;
}

/** Longest period the server reports, in days. */
export const MAX_DAYS = 366;

/** The quick choices of the period. */
export const PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
] as const;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A moment's UTC day (YYYY-MM-DD). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` days up to today (UTC), today included. */
export function lastDays(days: number, now = new Date()): Period {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: utcDay(now) };
}

/** Days from `from` to `to`, both included; NaN when either is no date. */
export function daysIn(period: Period): number {
  if (!ISO_DAY.test(period.from) || !ISO_DAY.test(period.to)) return Number.NaN;
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** What is wrong with a period an owner typed, or null when it can be reported. */
export function periodProblem(period: Period): { field: 'from' | 'to'; message: string } | null {
  if (!ISO_DAY.test(period.from) || Number.isNaN(Date.parse(period.from))) return { field: 'from', message: 'Enter the first day.' };
  if (!ISO_DAY.test(period.to) || Number.isNaN(Date.parse(period.to))) return { field: 'to', message: 'Enter the last day.' };
  const days = daysIn(period);
  if (days < 1) return { field: 'to', message: 'The last day must be on or after the first day.' };
  if (days > MAX_DAYS) return { field: 'to', message: `A report covers at most ${MAX_DAYS} days.` };
  return null;
}

/** The period of a dashboard URL's query, or the last 7 days. */
export function periodFromSearch(search: URLSearchParams): Period {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const period = { from, to };
  return periodProblem(period) ? lastDays(PRESETS[0].days) : period;
}

/** A day as the owner reads it ('27 Nov 2026'), taken as a UTC day. */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { ...options, timeZone: 'UTC' });
}
