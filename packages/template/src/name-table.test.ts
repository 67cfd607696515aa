import { describe, expect, it } from 'vitest';
import { NameTable } from './name-table.js';

describe('NameTable', () => {
  const table = new NameTable(['date', 'data', 'json', 'is-odd?']);

  it('finds a registered name inside a larger source and returns the registered copy', () => {
    const s = '{x|data y}';
    expect(table.find(s, 3, 7)).toBe('data');
    expect(table.find('xx is-odd? 1', 3, 10)).toBe('is-odd?');
  });

  it('misses names of the same length and first letter that differ, prefixes and empty ranges', () => {
    expect(table.find('dave', 0, 4)).toBeUndefined();
    expect(table.find('dat', 0, 3)).toBeUndefined();
    expect(table.find('dates', 0, 5)).toBeUndefined();
    expect(table.find('date', 2, 2)).toBeUndefined();
  });

  it('finds names added later, once', () => {
    const t = new NameTable();
    expect(t.find('foo', 0, 3)).toBeUndefined();
    t.add('foo');
    t.add('foo');
    expect(t.find('a foo', 2, 5)).toBe('foo');
  });
});
