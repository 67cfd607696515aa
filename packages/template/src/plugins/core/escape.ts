/** HTML, JSON and URL escaping helpers. */

const HTML_CHAR = /[&<>]/;
const ATTR_CHAR = /[&<>"]/;

/** The entity for `&` `<` `>` (and `"` when `quotes`), else undefined. */
function entityOf(c: number, quotes: boolean): string | undefined {
  switch (c) {
    case 38: return '&amp;';
    case 60: return '&lt;';
    case 62: return '&gt;';
    case 34: return quotes ? '&quot;' : undefined;
    default: return undefined;
  }
}

/** Replaces escapable characters from `first` (the first one, found by a native search) onwards. */
function escapeFrom(s: string, first: number, quotes: boolean): string {
  if (first === -1) return s;
  let out = s.substring(0, first);
  let last = first;
  for (let i = first; i < s.length; i++) {
    const e = entityOf(s.charCodeAt(i), quotes);
    if (e === undefined) continue;
    if (i > last) out += s.substring(last, i);
    out += e;
    last = i + 1;
  }
  return last < s.length ? out + s.substring(last) : out;
}

/** Escapes `&`, `<` and `>`. */
export function escapeHtml(s: string): string {
  return escapeFrom(s, s.search(HTML_CHAR), false);
}

/** Escapes `&`, `<`, `>` and `"` (safe inside a double-quoted attribute). */
export function escapeAttribute(s: string): string {
  return escapeFrom(s, s.search(ATTR_CHAR), true);
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
