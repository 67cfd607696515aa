/** Longest URL slug the catalogue makes. */
export const MAX_URL_ID_LENGTH = 80;
/** Shortest slug taken from a title; shorter ones use the fallback title (spec 5 "Store setup"). */
export const MIN_URL_ID_LENGTH = 3;

/** Lower-case ASCII slug of a text: accents dropped, every other run of characters a hyphen. */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_URL_ID_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/**
 * The base urlId for a title (spec 5 "Store setup"): the title's slug, or the fallback title's
 * slug when the title's is empty or under {@link MIN_URL_ID_LENGTH} characters.
 */
export function baseUrlId(title: string, fallbackTitle: string): string {
  const slug = slugOf(title);
  return slug.length >= MIN_URL_ID_LENGTH ? slug : slugOf(fallbackTitle);
}

/**
 * `base` when no taken urlId equals it, else `base-N` with the smallest N from 1 that is free
 * (spec 5: "a numeric suffix (-1, -2 …) is added, choosing the next free number").
 */
export function nextFreeUrlId(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A LIKE pattern matching `base` and `base-…`, with LIKE's wildcards in `base` escaped. */
export function urlIdFamilyPattern(base: string): string {
  return `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
