/** Core text formatters: escaping, encoding and string shaping. */
import { mapFormatter, type Formatter } from '../../plugin-api.js';
import { asNumber, asString } from './coerce.js';
import { escapeAttribute, escapeScriptTags, escapeText, urlEncode } from './escape.js';
import { isTruthy } from '../../values.js';
import { JsonDecimal } from '../../json-decimal.js';

const jsonOf = (v: unknown, indent?: string): string => {
  if (v === undefined) return '';
  const s = JSON.stringify(v, undefined, indent);
  return s === undefined ? '' : escapeScriptTags(s);
};

/** Cuts at the last whitespace before `limit` and appends the ellipsis. */
export function truncate(s: string, limit: number, ellipsis: string): string {
  if (s.length <= limit) return s;
  let end = limit;
  for (let i = limit - 1; i >= 0; i--) {
    if (' \n\t\u000b\r\f'.includes(s[i] as string)) {
      end = i + 1;
      break;
    }
  }
  return s.substring(0, end) + ellipsis;
}

const truncateFormatter: Formatter = {
  apply(args, vars) {
    const limit = args.length ? parseInt(args[0] as string, 10) : 100;
    const ellipsis = args.length > 1 ? (args[1] as string) : '...';
    const first = vars[0];
    if (first && Number.isFinite(limit) && limit > 0) first.set(truncate(asString(first.value), limit, ellipsis));
  },
};

const safe: Formatter = {
  apply(_args, vars) {
    const first = vars[0];
    if (first && isTruthy(first.value)) first.set(asString(first.value).replace(/<[^>]*?>/g, ''));
  },
};

/** Text formatters of the core family. */
export const textFormatters: Record<string, Formatter> = {
  html: mapFormatter((v) => escapeText(asString(v))),
  htmlattr: mapFormatter((v) => escapeAttribute(asString(v))),
  htmltag: mapFormatter((v) => escapeAttribute(asString(v))),
  json: mapFormatter((v) => jsonOf(v)),
  'json-pretty': mapFormatter((v) => jsonOf(v, '  ')),
  raw: mapFormatter((v) => (v === undefined ? 'null' : (JSON.stringify(v) ?? ''))),
  str: mapFormatter((v) => (v !== null && typeof v === 'object' && !(v instanceof JsonDecimal) ? '' : asString(v))),
  safe,
  'encode-space': mapFormatter((v) => asString(v).replace(/\s/g, '&nbsp;')),
  'encode-uri': mapFormatter((v) => encodeURI(asString(v).replace(/[\ud800-\udfff]/g, '\ufffd'))),
  'encode-uri-component': mapFormatter((v) => encodeURIComponent(asString(v).replace(/[\ud800-\udfff]/g, '\ufffd'))),
  'url-encode': mapFormatter((v) => urlEncode(asString(v))),
  'line-breaks': mapFormatter((v) => asString(v).replace(/\n/g, '<br/>')),
  slugify: mapFormatter((v) =>
    asString(v)
      .replace(/[^a-zA-Z0-9\s-]+/g, '')
      .replace(/\s+/g, '-')
      .toLowerCase(),
  ),
  smartypants: mapFormatter((v) =>
    asString(v)
      .replace(/(^|[-\u2014\\s(["])'/gm, '$1\u2018')
      .replace(/'/g, '\u2019')
      .replace(/(^|[-\u2014/[(\u2018\s])"/gm, '$1\u201c')
      .replace(/"/g, '\u201d')
      .replace(/--/g, '\u2014'),
  ),
  truncate: truncateFormatter,
  output: { apply: (args, vars) => vars[0]?.set(args.join(' ')) },
  round: mapFormatter((v) => Math.round(asNumber(v))),
  mod: mapFormatter((v, args) => {
    const d = parseInt(args[0] ?? '', 10) || 2;
    return asNumber(v) % (Number.isFinite(d) ? d : 2);
  }),
  pluralize: mapFormatter((v, args) => {
    const singular = args.length >= 2 ? (args[0] as string) : '';
    const plural = args.length === 1 ? (args[0] as string) : args.length >= 2 ? (args[1] as string) : 's';
    return asNumber(v) === 1 ? singular : plural;
  }),
  cycle: mapFormatter((v, args) => {
    const count = args.length;
    let i = (asNumber(v) - 1) % count;
    if (i < 0) i += count;
    return args[i];
  }),
};
