/**
 * Property tests: for random templates and contexts nothing throws, nothing
 * runs away (every limit is finite) and no prototype member is reachable.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { context, template } from './testing/arbitraries.js';
import { JsonDecimal } from './json-decimal.js';
import { parseJson } from './parse-json.js';

const engine = new Engine();

/** JSON text of a value with every integer written with a fraction (`3.0`), as some JSON producers do. */
function decimalText(v: unknown): string {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? `${v}.0` : JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(decimalText).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v)
      .map((k) => `${JSON.stringify(k)}:${decimalText((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
/** Contexts read from JSON text, holding JsonDecimal numbers. */
const decimalContext = context.map((c) => parseJson(decimalText(c)));
const TAG_CHARS = fc.constantFrom(
  ...'{}.|@#,:?=&!()"\' \nabcxyz0123'.split(''),
  '{.section ',
  '{.end}',
  '{.or}',
  '{.eval ',
  '{.repeated section ',
  '{.if ',
  '|apply ',
  '{.macro ',
  '{.include ',
  '{##',
);
const junk = fc.array(TAG_CHARS, { maxLength: 60 }).map((xs) => xs.join(''));
const hostile = fc.oneof(
  context,
  decimalContext,
  fc.constant(JSON.parse('{"__proto__":{"polluted":1},"a":1}') as unknown),
  fc.dictionary(fc.constantFrom('a', 'b', 'constructor', 'toString'), fc.integer(), { maxKeys: 3 }),
);
const PROTO_PROBES = [
  '{constructor}',
  '{__proto__}',
  '{toString}',
  '{a.constructor}',
  '{a.__proto__}',
  '{hasOwnProperty}',
  '{items.length}',
  '{.section a}{constructor.name}{.end}',
  '{.eval constructor}',
  '{a|get constructor}',
  '{a|prop constructor}',
];

function assertSane(source: string, json: unknown): void {
  const r = engine.render(source, { json, partials: { p: source, q: '{@|apply q}{@|apply q}' } });
  expect(typeof r.output).toBe('string');
  expect(r.output.length).toBeLessThanOrEqual(engine.limits.maxOutputSize);
  for (const e of r.errors) {
    expect(['SyntaxError', 'RuntimeError']).toContain(e.type);
    expect(typeof e.message).toBe('string');
  }
}

describe('property: robustness', () => {
  it('grammar-based templates render without throwing (5,000 runs)', () => {
    fc.assert(
      fc.property(template, hostile, (t, json) => assertSane(t, json)),
      { numRuns: 5000 },
    );
  });

  it('random tag soup renders without throwing (5,000 runs)', () => {
    fc.assert(
      fc.property(junk, hostile, (t, json) => assertSane(t, json)),
      { numRuns: 5000 },
    );
  });

  it('prototype members are never reachable (1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.oneof(context, decimalContext, fc.constant(JSON.parse('{"__proto__":{"x":1}}') as unknown), fc.constant(new JsonDecimal('1.0'))),
        fc.constantFrom(...PROTO_PROBES),
        (json, probe) => {
          const wrapped = { a: json, items: [json] };
          const out = engine.render(probe, { json: wrapped }).output;
          expect(out).not.toMatch(/function|native code|\[object|Object/);
          if (probe !== '{items.length}') expect(['', probe]).toContain(out);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('own data keys named like prototype members do print', () => {
    expect(engine.render('{constructor}-{a.toString}', { json: { constructor: 1, a: { toString: 'x' } } }).output).toBe('1-x');
  });

  it('compiled templates are plain JSON and round-trip (1,000 runs)', () => {
    fc.assert(
      fc.property(template, context, (t, json) => {
        const { template: compiled } = engine.compile(t);
        const copy = JSON.parse(JSON.stringify(compiled)) as typeof compiled;
        expect(engine.render(copy, { json }).output).toBe(engine.render(compiled, { json }).output);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('limits stop runaway templates', () => {
  it('exponential partial recursion halts at the step or depth limit', () => {
    const start = Date.now();
    const r = engine.render('{@|apply p}', { json: {}, partials: { p: '{@|apply p}{@|apply p}{@|apply p}{@|apply p}' } });
    expect(Date.now() - start).toBeLessThan(20_000);
    expect(r.errors.some((e) => /maximum recursion depth of 16|maximum of \d+ steps/.test(e.message))).toBe(true);
  });

  it('output size is capped', () => {
    const small = new Engine({ limits: { maxOutputSize: 1000 } });
    const r = small.render('{.repeated section items}{s}{.end}', { json: { items: new Array(500).fill(0), s: 'abcdef' } });
    expect(r.output.length).toBeLessThanOrEqual(1006);
    expect(r.errors.map((e) => e.message)).toContain('Output exceeds the maximum size of 1000 characters');
  });

  it('block nesting is capped', () => {
    const n = 201;
    const r = engine.compile('{.section a}'.repeat(n) + 'x' + '{.end}'.repeat(n));
    expect(r.errors.map((e) => e.message)).toEqual(['Blocks are nested deeper than 200 levels']);
    expect(engine.render(r.template, { json: {} }).output).toBe('');
    expect(engine.compile('{.section a}'.repeat(200) + '{.end}'.repeat(200)).errors).toEqual([]);
  });

  it('template size is capped', () => {
    const small = new Engine({ limits: { maxTemplateSize: 10 } });
    const r = small.compile('x'.repeat(11));
    expect(r.errors[0]?.message).toBe('Template exceeds the maximum size of 10 characters');
  });

  it('expression token count and concatenation length are capped', () => {
    const small = new Engine({ limits: { maxTokens: 5, maxStringLen: 4 } });
    const a = small.render('{.eval 1 + 2 + 3 + 4}', {});
    expect(a.errors[0]?.message).toBe('Error parsing expression: "1 + 2 + 3 + 4": Expression exceeds the maximum number of allowed tokens: 5');
    const b = small.render("{.eval 'abc' + 'de'}", {});
    expect(b.errors[0]?.message).toBe("Error reducing expression: 'abc' + 'de': Concatenation would exceed maximum string length 4");
    expect(b.output).toBe('');
  });
});
