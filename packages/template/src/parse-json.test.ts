import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonDecimal, jsonNumber, plainValue } from './json-decimal.js';
import { MAX_JSON_DEPTH, parseJson } from './parse-json.js';

/** The value with every JsonDecimal replaced by its number (what JSON.parse gives). */
const plain = (v: unknown): unknown => {
  if (v instanceof JsonDecimal) return v.value;
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v))
      Object.defineProperty(out, k, { value: plain((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
};

const outcome = (f: () => unknown): unknown => {
  try {
    return { ok: f() };
  } catch (e) {
    return { error: (e as Error).name };
  }
};

describe('parseJson', () => {
  it('keeps the source text of numbers not in their JavaScript form', () => {
    const v = parseJson('[0, 0.0, 0.1, 1.0, 17.0, 1.50, 1e3, 2E-2, -0, 12345678901234567890, 123456789012345, 1.5]') as unknown[];
    expect(v.map((x) => (x instanceof JsonDecimal ? `D:${x.text}` : x))).toEqual([
      0,
      'D:0.0',
      0.1,
      'D:1.0',
      'D:17.0',
      'D:1.50',
      'D:1e3',
      'D:2E-2',
      'D:-0',
      'D:12345678901234567890',
      123456789012345,
      1.5,
    ]);
    const d = v[4] as JsonDecimal;
    expect([String(d), d.value, +d, d.valueOf() + 1, (d as unknown as number) > 16, JSON.stringify(d)]).toEqual(['17.0', 17, 17, 18, true, '17']);
  });

  it('gives JsonDecimal no own properties and freezes it', () => {
    const d = new JsonDecimal('1.0');
    expect(Object.keys(d)).toEqual([]);
    expect(Object.getOwnPropertyNames(d)).toEqual([]);
    expect(Object.isFrozen(d)).toBe(true);
    expect(() => new JsonDecimal('01')).toThrow(SyntaxError);
    expect(() => new JsonDecimal('1.')).toThrow(SyntaxError);
    expect([plainValue(d), plainValue('x'), jsonNumber(d), jsonNumber(3), jsonNumber('3')]).toEqual([1, 'x', 1, 3, undefined]);
  });

  it('treats "__proto__" as an ordinary own key', () => {
    const v = parseJson('{"__proto__": {"polluted": 1}, "a": {"__proto__": []}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect((v as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Array.isArray(Object.getOwnPropertyDescriptor(v['a'], '__proto__')?.value)).toBe(true);
    expect(JSON.stringify(v)).toBe(JSON.stringify(JSON.parse('{"__proto__": {"polluted": 1}, "a": {"__proto__": []}}')));
  });

  it('reports bad input with its position', () => {
    expect(() => parseJson('{"a": 1,\n "b": }')).toThrow('Invalid JSON at line 2, column 7: unexpected character');
    expect(() => parseJson('[1, 2')).toThrow('unexpected end of input');
    expect(() => parseJson('"abc')).toThrow('unterminated string');
    expect(() => parseJson('"a\nb"')).toThrow('control character U+000a in string');
    expect(() => parseJson('"\\x"')).toThrow('invalid escape');
    expect(() => parseJson('01')).toThrow('unexpected text after the JSON value');
    expect(() => parseJson('1.')).toThrow('expected a digit after the decimal point');
    expect(() => parseJson('{"a" 1}')).toThrow("expected ':'");
    expect(() => parseJson('[1 2]')).toThrow("expected ',' or ']'");
    expect(() => parseJson('')).toThrow('unexpected end of input');
    expect(() => parseJson('[tru]')).toThrow(SyntaxError);
    expect(() => parseJson('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toThrow(`nesting deeper than ${MAX_JSON_DEPTH}`);
    expect(parseJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(() => parseJson(1 as unknown as string)).toThrow(TypeError);
  });

  it('builds what JSON.parse builds for any JSON text', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(plain(parseJson(text))).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(plain(parseJson(text))).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('accepts and rejects what JSON.parse does', () => {
    const pieces = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', 'u', '0', '1', '-', '.', 'e', '+', ' ', '\n', 'true', 'null', 'a', '\u0001', '"k"');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        const ours = outcome(() => plain(parseJson(text)));
        const theirs = outcome(() => JSON.parse(text) as unknown);
        expect(ours).toStrictEqual(theirs);
      }),
      { numRuns: 3000 },
    );
  });
});
