import { Decimal } from '@phensley/cldr';
import { describe, expect, it } from 'vitest';
import { compact, convert, ratio, sequence } from './convert.js';
import { categoryOf, unitId } from './unit-data.js';

const q = (amount: string, unit: string) => ({ amount: new Decimal(amount), unit });
const show = (v: { amount: Decimal; unit: string }): string => `${v.amount.toString()} ${v.unit}`;

describe('unit conversion', () => {
  it('converts within a category with exact factors', () => {
    expect(show(convert(q('1', 'mile'), 'foot'))).toBe('5280 foot');
    expect(show(convert(q('1', 'acre'), 'square-yard'))).toBe('4840 square-yard');
    expect(show(convert(q('1', 'kilobyte'), 'bit'))).toBe('8192 bit');
    expect(ratio('hour', 'minute').toString()).toBe('60');
  });

  it('converts temperatures with offsets', () => {
    expect(show(convert(q('100', 'celsius'), 'fahrenheit'))).toBe('212 fahrenheit');
    expect(show(convert(q('32', 'fahrenheit'), 'kelvin'))).toBe('273.15 kelvin');
  });

  it('leaves values alone across categories', () => {
    expect(show(convert(q('3', 'mile'), 'hour'))).toBe('3 mile');
  });

  it('picks the largest unit reached, else the smallest', () => {
    expect(show(compact(q('1536', 'byte'), ['megabyte', 'kilobyte', 'byte']))).toBe('1.5 kilobyte');
    expect(show(compact(q('-2048', 'kilobyte'), ['megabyte', 'kilobyte']))).toBe('-2 megabyte');
    expect(show(compact(q('0.5', 'byte'), ['kilobyte', 'byte']))).toBe('0.5 byte');
  });

  it('splits into whole units with the remainder on the last', () => {
    expect(sequence(q('3725', 'second'), ['hour', 'minute', 'second']).map(show)).toEqual(['1 hour', '2 minute', '5 second']);
    expect(sequence(q('3600', 'second'), ['hour', 'minute', 'second']).map(show)).toEqual(['1 hour']);
    expect(sequence(q('0', 'second'), ['hour', 'second']).map(show)).toEqual(['0 second']);
  });

  it('resolves identifiers and aliases', () => {
    expect([unitId('feet'), unitId('radians'), unitId('amps'), unitId('foot.inch')]).toEqual(['foot', 'radian', 'ampere', undefined]);
    expect(categoryOf('parsec')).toBe('length');
  });
});
