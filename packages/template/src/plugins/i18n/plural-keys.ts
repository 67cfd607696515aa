const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const EXACT = /^=\d+(?:\.\d+)?$/;
const HEAD = /\{\s*[^\s{}]+\s+(?:plural|selectordinal)\s+(?:offset:\d+\s+)?/y;

/** Thrown for a plural choice key that is neither a CLDR plural category nor `=N`. */
export class InvalidPluralKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid plural key '${key}'`);
    this.name = 'InvalidPluralKeyError';
  }
}

function skipBlock(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '{') depth++;
    else if (src[i] === '}' && --depth === 0) return i + 1;
  }
  return src.length;
}

/**
 * Checks every `plural` / `selectordinal` choice key in a message pattern
 * (spec section 5: keys must be plural categories or explicit `=N`).
 * @throws InvalidPluralKeyError
 */
export function checkPluralKeys(pattern: string): void {
  for (let i = pattern.indexOf('{'); i !== -1; i = pattern.indexOf('{', i + 1)) {
    HEAD.lastIndex = i;
    if (!HEAD.test(pattern)) continue;
    let pos = HEAD.lastIndex;
    while (pos < pattern.length && pattern[pos] !== '}') {
      const open = pattern.indexOf('{', pos);
      if (open === -1) return;
      const key = pattern.slice(pos, open).trim();
      if (!CATEGORIES.has(key) && !EXACT.test(key)) throw new InvalidPluralKeyError(key);
      pos = skipBlock(pattern, open);
      while (pos < pattern.length && /\s/.test(pattern[pos] as string)) pos++;
    }
  }
}
