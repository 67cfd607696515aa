/**
 * Low-level scanners for the tag grammar. Each takes the source, a start offset
 * and the tag's end offset, and returns the offset after the match or -1.
 */
import type { Path } from './instructions.js';

const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordChar = (c: number) => isLetter(c) || isDigit(c) || c === 95 || c === 45;

/**
 * True when `word` occurs in `s` at offset `i`. Same result as `s.startsWith(word, i)`, which
 * V8 runs as a builtin call per use; this loop is compiled inline (the parser calls it per tag).
 */
export function matchesAt(s: string, i: number, word: string): boolean {
  const n = word.length;
  if (i + n > s.length) return false;
  for (let k = 0; k < n; k++) if (s.charCodeAt(i + k) !== word.charCodeAt(k)) return false;
  return true;
}

/** `[a-zA-Z][a-zA-Z0-9_-]*` */
export function scanWord(s: string, i: number, end: number): number {
  if (i >= end || !isLetter(s.charCodeAt(i))) return -1;
  i++;
  while (i < end && isWordChar(s.charCodeAt(i))) i++;
  return i;
}

/** One path segment: digits, an optionally `@`/`$`-prefixed word, or `@`. */
function scanSegment(s: string, i: number, end: number): number {
  if (i >= end) return -1;
  const c = s.charCodeAt(i);
  if (isDigit(c)) {
    i++;
    while (i < end && isDigit(s.charCodeAt(i))) i++;
    return i;
  }
  if (c === 64 || c === 36) {
    const j = scanWord(s, i + 1, end);
    if (j !== -1) return j;
    return c === 64 ? i + 1 : -1;
  }
  return scanWord(s, i, end);
}

/** A dotted variable reference such as `a.0.b`, `@index` or `@`. */
export function scanVarRef(s: string, i: number, end: number): number {
  let j = scanSegment(s, i, end);
  if (j === -1) return -1;
  while (j < end && s.charCodeAt(j) === 46) {
    const k = scanSegment(s, j + 1, end);
    if (k === -1) break;
    j = k;
  }
  return j;
}

/** Splits a reference into segments; all-digit segments become numbers. */
export function splitPath(raw: string): Path {
  return splitPathAt(raw, 0, raw.length);
}

/**
 * Scratch list for results whose length is known only at the end: filled, then copied with
 * `slice` into an array of exactly that length (pushing onto a new array reserves spare slots,
 * which made compiling allocate several times the size of the tree it builds).
 */
const scratch: (string | number)[] = [];

/** splitPath of `s[start, end)`, read in place. */
export function splitPathAt(s: string, start: number, end: number): Path {
  let count = 0;
  let from = start;
  let digits = true;
  let n = 0;
  for (let i = start; ; i++) {
    const c = i < end ? s.charCodeAt(i) : 46;
    if (c === 46) {
      const part = digits && i > from && n <= 0x7fffffff ? n : s.substring(from, i);
      if (i >= end) {
        if (count === 0) return [part];
        scratch[count++] = part;
        return scratch.slice(0, count);
      }
      scratch[count++] = part;
      from = i + 1;
      digits = true;
      n = 0;
    } else if (digits) {
      if (isDigit(c)) n = n * 10 + (c - 48);
      else digits = false;
    }
  }
}

/** `[ \f\n\r\t\v]+` */
export function scanWhitespace(s: string, i: number, end: number): number {
  const start = i;
  while (i < end) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 12 || c === 10 || c === 13 || c === 9 || c === 11) i++;
    else break;
  }
  return i === start ? -1 : i;
}

/** `[./a-zA-Z0-9_-]+` */
export function scanFilePath(s: string, i: number, end: number): number {
  const start = i;
  while (i < end) {
    const c = s.charCodeAt(i);
    if (isWordChar(c) || c === 46 || c === 47) i++;
    else break;
  }
  return i === start ? -1 : i;
}

/** A variable definition: `@word`. */
export function scanDefinition(s: string, i: number, end: number): number {
  if (i >= end || s.charCodeAt(i) !== 64) return -1;
  return scanWord(s, i + 1, end);
}

/** Spaces around a comma separating variables: ` *, *`. */
export function scanVarSeparator(s: string, i: number, end: number): number {
  while (i < end && s.charCodeAt(i) === 32) i++;
  if (i >= end || s.charCodeAt(i) !== 44) return -1;
  i++;
  while (i < end && s.charCodeAt(i) === 32) i++;
  return i;
}

/** Splits the argument text `s[start, end)` (start < end), whose first character is the delimiter. */
export function splitArgsAt(s: string, start: number, end: number): [string[], string] {
  return [splitArgListAt(s, start, end), s[start] as string];
}

/** The list part of `splitArgsAt`. */
export function splitArgListAt(s: string, start: number, end: number): string[] {
  const code = s.charCodeAt(start);
  let count = 0;
  let from = start + 1;
  for (let i = from; i < end; i++) {
    if (s.charCodeAt(i) === code) {
      scratch[count++] = s.substring(from, i);
      from = i + 1;
    }
  }
  const last = s.substring(from, end);
  if (count === 0) return [last];
  scratch[count++] = last;
  return scratch.slice(0, count) as string[];
}
