/** Hostile request parts for the route fuzz test: encodings, path spellings, generated bodies and one-field mutations of well-formed bodies. */
import fc from 'fast-check';

/** Percent-encodes any text, lone surrogates included (as the three bytes a careless client would send). */
export function encodeLoose(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** The route's path spelled the ways a client can spell it: %61 for a letter, %2F, //, /./, upper case, trailing slash. */
export function pathVariants(path: string): string[] {
  const letter = path.search(/[a-z]/i);
  const inner = path.indexOf('/', 1);
  const variants = [
    path,
    letter < 0 ? path : `${path.slice(0, letter)}%${path.charCodeAt(letter).toString(16).toUpperCase()}${path.slice(letter + 1)}`,
    inner < 0 ? `${path}%2F` : `${path.slice(0, inner)}%2F${path.slice(inner + 1)}`,
    inner < 0 ? `/${path}` : `${path.slice(0, inner)}/${path.slice(inner)}`,
    inner < 0 ? `/.${path}` : `${path.slice(0, inner)}/.${path.slice(inner)}`,
    path.toUpperCase(),
    path.endsWith('/') ? path.slice(0, -1) : `${path}/`,
  ];
  return [...new Set(variants)].filter((variant) => variant.startsWith('/'));
}

/** Text that breaks naive handlers: NUL, lone surrogates, odd encodings, prototype names, 100 KB, random code points. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    'end\ud83d',
    '',
    ' ',
    '%',
    '%E0%A4%A',
    '../../etc/passwd',
    '<script>x</script>',
    '{.section x}',
    '-1',
    '1e309',
    'NaN',
  ),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
  fc.constant('x'.repeat(100_000)),
  fc.string({ unit: 'binary', maxLength: 24 }),
);
/** A value of arrays nested `depth` deep around one string. */
export function nestedArrays(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}
/** JSON arrays nested 33 to 6000 deep. */
export const deepJson = fc.integer({ min: 33, max: 6000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);
/** JSON text of hostile strings, random JSON values, deep nesting and prototype-poisoning objects. */
export const jsonValueText = fc.oneof(
  hostileText.map((text) => JSON.stringify(text)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  deepJson,
  fc.constantFrom('{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '-0', '1e400', 'null'),
);
/** Body field names the routes read. */
export const FIELDS = [
  'itemId',
  'sku',
  'quantity',
  'qty',
  'additionalFields',
  'code',
  'shippingOptionId',
  'shippingLocation',
  'email',
  'name',
  'body',
  'title',
  'rating',
  'key',
  'form',
  'formId',
  'pagePath',
  'pageId',
  'fields',
  'submitLabel',
  'password',
  'crumb',
  'event',
  'data',
  'lines',
  'payment',
  'billingAddress',
  'shippingAddress',
];
/** A body field name: one the routes read, a prototype name, one holding NUL or a lone surrogate, or random. */
export const fieldName = fc.oneof(fc.constantFrom(...FIELDS, '__proto__', 'constructor', 'a\u0000', 'b\ud800'), fc.string({ unit: 'binary', maxLength: 12 }));

/** A randomly shaped hostile request: path parameters, query, one cookie, content type and body. */
export interface Hostile {
  params: string[];
  query: [string, string][];
  cookie: string | undefined;
  contentType: string | undefined;
  body: 'entries' | 'json' | 'deep' | 'none';
  entries: [string, string][];
  json: string;
}

/** Generates {@link Hostile} requests. */
export const hostileRequest: fc.Arbitrary<Hostile> = fc.record({
  params: fc.array(hostileText, { minLength: 4, maxLength: 4 }),
  query: fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'q',
          'tag',
          'category',
          'itemId',
          'page',
          'cursor',
          'offset',
          'next',
          'format',
          'author',
          'month',
          '__proto__[x]',
          'constructor[prototype][x]',
          'a[]',
        ),
      ),
      hostileText,
    ),
    { maxLength: 3 },
  ),
  cookie: fc.option(
    fc
      .tuple(fc.constantFrom('emporium_cart', 'SiteUserInfo', 'emporium_owner', 'ss_cvr', 'ss_unlock_site', 'hasCart', 'crumb'), hostileText)
      .map(([name, value]) => `${name}=${encodeLoose(value)}`),
    { nil: undefined },
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/xml',
    'multipart/form-data; boundary=x',
    undefined,
  ),
  body: fc.constantFrom('entries', 'entries', 'json', 'deep', 'none'),
  entries: fc.array(fc.tuple(fieldName, jsonValueText), { maxLength: 5 }),
  json: jsonValueText,
});

/** The body text of a {@link Hostile} request (undefined for none). */
export function bodyOf(hostile: Hostile): string | undefined {
  if (hostile.body === 'none') return undefined;
  if (hostile.body === 'deep') return `{"shippingOptionId":${'['.repeat(5000)}${']'.repeat(5000)}}`;
  if (hostile.body === 'json') return hostile.json;
  if (hostile.contentType === 'application/x-www-form-urlencoded') {
    return hostile.entries.map(([name, value]) => `${encodeLoose(name)}=${encodeLoose(value)}`).join('&');
  }
  return `{${hostile.entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`;
}

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Where a mutation puts its hostile value: a body field (nested paths and JSON text inside fields included), a query parameter, a path parameter or a cookie. */
export interface Mutation {
  where: 'body' | 'query' | 'param' | 'cookie';
  pick: number;
  value: { raw: string } | { text: string };
  formEncoded: boolean;
}

/** Strings PostgreSQL refuses to store. */
export const storageKillers = fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', 'end\ud83d');
/** The hostile value of a {@link Mutation}: mostly storage killers, some 100 KB strings, random text and non-string JSON. */
export const mutationValue = fc.oneof(
  { weight: 6, arbitrary: storageKillers.map((text) => ({ text })) },
  { weight: 1, arbitrary: fc.constant({ text: 'x'.repeat(100_000) }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 16 }).map((text) => ({ text })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(deepJson, fc.constantFrom('123', '-1', '1e309', '[]', '{}', 'null', 'true', '[{"__proto__":{}}]', '{"a":"\\u0000"}'))
      .map((raw) => ({ raw })),
  },
);
/** Generates {@link Mutation}s. */
export const mutation: fc.Arbitrary<Mutation> = fc.record({
  where: fc.constantFrom('body', 'body', 'body', 'body', 'query', 'param', 'cookie'),
  pick: fc.nat(),
  value: mutationValue,
  formEncoded: fc.boolean(),
});

/** Every leaf path of a JSON value, with `~json` marking a step into JSON text held in a string. */
export function leafPaths(value: Json, prefix: string[] = []): string[][] {
  if (typeof value === 'string' && /^[[{]/.test(value)) {
    try {
      return [prefix, ...leafPaths(JSON.parse(value) as Json, [...prefix, '~json'])];
    } catch {
      return [prefix];
    }
  }
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    return entries.length === 0 ? [prefix] : entries.flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
  }
  return [prefix];
}

/** JSON text of `value` with the leaf at `path` replaced by `rawJson` (inside JSON text held in a string when the path says `~json`). */
export function serialiseWith(value: Json, path: string[], rawJson: string): string {
  if (path.length === 0) return rawJson;
  const [step, ...rest] = path as [string, ...string[]];
  if (step === '~json') return JSON.stringify(serialiseWith(JSON.parse(value as string) as Json, rest, rawJson));
  if (Array.isArray(value)) return `[${value.map((child, i) => (String(i) === step ? serialiseWith(child, rest, rawJson) : JSON.stringify(child))).join(',')}]`;
  const record = (value ?? {}) as Record<string, Json>;
  const keys = Object.keys(record).includes(step) ? Object.keys(record) : [...Object.keys(record), step];
  return `{${keys.map((key) => `${JSON.stringify(key)}:${key === step ? serialiseWith(record[key] ?? null, rest, rawJson) : JSON.stringify(record[key])}`).join(',')}}`;
}

/** A template body with one leaf replaced by the hostile value, as JSON or form-encoded (nested fields as JSON text). */
export function mutatedBody(
  template: Record<string, Json>,
  path: string[],
  value: Mutation['value'],
  formEncoded: boolean,
): { payload: string; contentType: string } {
  const rawJson = 'raw' in value ? value.raw : JSON.stringify(value.text);
  if (!formEncoded) return { payload: serialiseWith(template, path, rawJson), contentType: 'application/json' };
  const [top, ...rest] = path;
  const keys = top === undefined || top in template ? Object.keys(template) : [...Object.keys(template), top];
  const pairs = keys.map((key) => {
    const field = template[key] ?? null;
    let text: string;
    if (key !== top) text = typeof field === 'string' ? field : JSON.stringify(field);
    else if (rest.length === 0) text = 'text' in value ? value.text : value.raw;
    else if (rest[0] === '~json') text = serialiseWith(JSON.parse(field as string) as Json, rest.slice(1), rawJson);
    else text = serialiseWith(field, rest, rawJson);
    return `${encodeLoose(key)}=${encodeLoose(text)}`;
  });
  return { payload: pairs.join('&'), contentType: 'application/x-www-form-urlencoded' };
}
