/** HTML, JSON and URL escaping helpers. */

const HTML_RE = /[&<>]/g;
const ATTR_RE = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const entity = (c: string) => ENTITIES[c] as string;

/** Escapes `&`, `<` and `>`. */
export function escapeHtml(s: string): string {
  return HTML_RE.test(s) ? s.replace(HTML_RE, entity) : s;
}

/** Escapes `&`, `<`, `>` and `"` (safe inside a double-quoted attribute). */
export function escapeAttribute(s: string): string {
  return ATTR_RE.test(s) ? s.replace(ATTR_RE, entity) : s;
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
