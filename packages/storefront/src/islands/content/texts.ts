/** Spec 9: comment count text 'No Comments', '1 Comment', 'N Comments'. */
export function commentCountText(count: number): string {
  if (count <= 0) return 'No Comments';
  return count === 1 ? '1 Comment' : `${count} Comments`;
}

/**
 * Spec 4: comments show when commentState equals 1 or public comments exist, hidden whenever
 * the site's commentsEnabled is off.
 */
export function commentsVisible(commentsEnabled: boolean, commentState: number, publicCommentCount: number): boolean {
  return commentsEnabled && (commentState === 1 || publicCommentCount > 0);
}

/** '4.3 out of 5 stars from 3 reviews' (spoken and shown beside the stars). */
export function ratingSummary(ratingValue: number | null, reviewCount: number): string {
  if (ratingValue === null || reviewCount === 0) return 'No reviews yet';
  return `${ratingValue.toFixed(1)} out of 5 stars from ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
}

/** Five stars, filled up to the rounded rating. */
export function starText(rating: number): string {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}

/** A date shown under a comment or review: 'January 2, 2026'. */
export function formatContentDate(epochMs: number, locale = 'en-US', timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(new Date(epochMs));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RELATIVE_UNITS: readonly (readonly [number, string])[] = [
  [365 * DAY, 'a year'],
  [30 * DAY, 'a month'],
  [7 * DAY, 'a week'],
  [DAY, 'a day'],
  [HOUR, 'an hour'],
  [MINUTE, 'a minute'],
];

/**
 * Spec 9 relative time: 'about a/an {unit} ago' for the largest unit reached (year, month of
 * 30 days, week, day, hour, minute), else 'less than a minute ago'.
 */
export function relativeTime(then: number, now: number): string {
  const elapsed = now - then;
  for (const [size, unit] of RELATIVE_UNITS) if (elapsed >= size) return `about ${unit} ago`;
  return 'less than a minute ago';
}

/** Spec 9: default alt text is capped at 250 characters. */
export const DEFAULT_ALT_MAX = 250;

/** The alt text of an image: its own when given, else the title or description, capped at 250 characters. */
export function defaultAltText(own: string | undefined, ...fallbacks: (string | undefined)[]): string {
  if (own !== undefined && own !== '') return own;
  const text =
    fallbacks
      .find((f) => f && f.trim())
      ?.replace(/\s+/g, ' ')
      .trim() ?? '';
  return text.slice(0, DEFAULT_ALT_MAX);
}
