/** Text helpers for markup produced by the content and social families. */

export { escapeAttribute } from '../core/escape.js';

/**
 * Drops everything between `<` and `>`; each closing `>` leaves one space behind. Kept text is
 * copied run by run (`<` and `>` are single UTF-16 units, so runs never split a character).
 */
export function stripTags(text: string): string {
  let out = '';
  let inTag = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 60) {
      if (!inTag) out += text.slice(start, i);
      inTag = true;
    } else if (c === 62) {
      if (!inTag) out += text.slice(start, i);
      inTag = false;
      out += ' ';
      start = i + 1;
    }
  }
  return inTag ? out : out + text.slice(start);
}

/** Lower-case slug: drops characters other than letters, digits, whitespace and `-`, joins words with `-`. */
export function slugify(text: string): string {
  return text
    .replace(/[^a-zA-Z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();
}
