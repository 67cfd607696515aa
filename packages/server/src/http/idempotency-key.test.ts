import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, requestHash } from './idempotency-key.js';

function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortedCopy((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

describe('request hashing for Idempotency-Key', () => {
  it('serialises any JSON value as JSON.stringify of a key-sorted copy does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(JSON.stringify(sortedCopy(value)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives one hash whatever the key order', () => {
    expect(requestHash({ a: 1, b: [{ y: 2, x: 1 }] })).toBe(requestHash({ b: [{ x: 1, y: 2 }], a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });

  it('skips undefined fields and writes undefined array elements as null, like JSON.stringify', () => {
    expect(canonicalJson({ b: undefined, a: [undefined, 1] })).toBe('{"a":[null,1]}');
  });

  it('issue 3: hashes bodies nested far deeper than the call stack allows without overflowing', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i += 1) deep = i % 2 ? [deep] : { k: deep };
    expect(requestHash({ shippingOptionId: deep })).toMatch(/^[0-9a-f]{64}$/);
  });
});
