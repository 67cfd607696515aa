import { describe, expect, it } from 'vitest';
import { fakeContext } from './fake-context.js';
import { asBoolean, asNumber, asString, getPath, isTruthy, jsonEquals, printValue, resolveIn } from './values.js';

describe('JSON value helpers', () => {
  it('reads own properties only', () => {
    expect(getPath({ a: [{ b: 1 }] }, ['a', 0, 'b'])).toBe(1);
    expect(getPath({}, ['constructor'])).toBeUndefined();
    expect(getPath({ a: null }, ['a', 'b'])).toBeUndefined();
  });
  it('coerces like the template language', () => {
    expect(asString(null)).toBe('');
    expect(asString(12)).toBe('12');
    expect(asString({})).toBe('');
    expect(asNumber('1.5')).toBe(1.5);
    expect(asNumber('12px')).toBe(12);
    expect(asNumber(true)).toBe(1);
    expect(asNumber(undefined)).toBe(0);
    expect(asBoolean('true')).toBe(true);
    expect(asBoolean(1.5)).toBe(false);
    expect(asBoolean(2)).toBe(true);
    expect(isTruthy({})).toBe(false);
    expect(isTruthy([0])).toBe(true);
    expect(isTruthy(Number.NaN)).toBe(false);
  });
  it('prints values as tags do', () => {
    expect(printValue([1, 'a'])).toBe('1,a');
    expect(printValue(null)).toBe('');
    expect(printValue({ a: 1 })).toBe('');
    expect(printValue(false)).toBe('false');
  });
  it('compares JSON deeply', () => {
    expect(jsonEquals({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEquals(0, '0')).toBe(false);
    expect(jsonEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
  it('resolves in a pushed scope before the enclosing sections', () => {
    const ctx = fakeContext({ stack: [{ a: 'root', b: { c: 1 } }], index: 3 });
    expect(resolveIn(ctx, { a: 'scope' }, ['a'])).toBe('scope');
    expect(resolveIn(ctx, { a: 'scope' }, ['b', 'c'])).toBe(1);
    expect(resolveIn(ctx, { b: {} }, ['b', 'c'])).toBeUndefined();
    expect(resolveIn(ctx, { x: 1 }, ['@', 'x'])).toBe(1);
    expect(resolveIn(ctx, {}, ['@index'])).toBe(3);
  });
});
