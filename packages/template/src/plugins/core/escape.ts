/** HTML, JSON and URL escaping helpers. */

/** How much a function escapes: element text only, double-quoted attributes, or attributes quoted either way. */
const Level = { TEXT: 0, DOUBLE_QUOTED: 1, ANY_QUOTES: 2 } as const;
type Level = (typeof Level)[keyof typeof Level];

const TEXT_CHAR = /[&<>]/;
const DOUBLE_QUOTED_CHAR = /[&<>"]/;
const ANY_QUOTES_CHAR = /[&<>"']/;

/** The entity for `&` `<` `>`, `"` from DOUBLE_QUOTED, `'` from ANY_QUOTES; else undefined. */
function entityOf(c: number, level: Level): string | undefined {
  switch (c) {
    case 38:
      return '&amp;';
    case 60:
      return '&lt;';
    case 62:
      return '&gt;';
    case 34:
      return level >= Level.DOUBLE_QUOTED ? '&quot;' : undefined;
    case 39:
      return level === Level.ANY_QUOTES ? '&#39;' : undefined;
    default:
      return undefined;
  }
}

/** Replaces escapable characters from `first` (the first one, found by a native search) onwards. */
function escapeFrom(s: string, first: number, level: Level): string {
  if (first === -1) return s;
  let out = s.substring(0, first);
  let last = first;
  for (let i = first; i < s.length; i++) {
    const e = entityOf(s.charCodeAt(i), level);
    if (e === undefined) continue;
    if (i > last) out += s.substring(last, i);
    out += e;
    last = i + 1;
  }
  return last < s.length ? out + s.substring(last) : out;
}

/**
 * Escapes `&`, `<`, `>`, `"` and `'`: safe in element content and in attribute values quoted
 * either way. The escape for HTML the application writes itself (pages, mails, error pages).
 */
export function escapeHtml(s: string): string {
  return escapeFrom(s, s.search(ANY_QUOTES_CHAR), Level.ANY_QUOTES);
}

/** Escapes `&`, `<` and `>` only: element text, as the `html` formatter defines it. */
export function escapeText(s: string): string {
  return escapeFrom(s, s.search(TEXT_CHAR), Level.TEXT);
}

/** Escapes `&`, `<`, `>` and `"` (safe inside a double-quoted attribute; `htmlattr`, `htmltag`). */
export function escapeAttribute(s: string): string {
  return escapeFrom(s, s.search(DOUBLE_QUOTED_CHAR), Level.DOUBLE_QUOTED);
}

/** Makes JSON safe inside a `<script>` element (`</` becomes `<\/`). */
export function escapeScriptTags(s: string): string {
  return s.replace(/<\//g, '<\\/');
}

const UNRESERVED = /[A-Za-z0-9@*_+\-./]/;

/** UTF-8 percent-encoding that keeps `A-Z a-z 0-9 @ * _ + - . /` (legacy `url-encode`). */
export function urlEncode(s: string): string {
  let out = '';
  const bytes = new TextEncoder().encode(s);
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    out += b < 128 && UNRESERVED.test(c) ? c : '%' + (b < 16 ? '0' : '') + b.toString(16).toUpperCase();
  }
  return out;
}
