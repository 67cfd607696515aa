/** Text helpers for markup produced by the content and social families. */

export { escapeAttribute } from '../core/escape.js';

/** Drops everything between `<` and `>`; each closing `>` leaves one space behind. */
export function stripTags(text: string): string {
  let out = '';
  let inTag = false;
  for (const ch of text) {
    if (ch === '<') inTag = true;
    else if (ch === '>') {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += ch;
  }
  return out;
}

/** Lower-case slug: drops characters other than letters, digits, whitespace and `-`, joins words with `-`. */
export function slugify(text: string): string {
  return text
    .replace(/[^a-zA-Z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();
}
