import { describe, expect, it } from 'vitest';
import { ratePercentOf } from './tax-rate.js';

describe('the tax rate field', () => {
  it.each([
    ['8.875', 8.875],
    ['8,875', 8.875],
    [' 20 ', 20],
    ['0', 0],
    ['100', 100],
    ['8.25', 8.25],
  ])('#24 reads %j as %d percent', (typed, percent) => {
    expect(ratePercentOf(typed)).toBe(percent);
  });

  it.each(['8.8755', '100.5', '101', '', 'abc', '-1', '8.'])('#24 refuses %j', (typed) => {
    expect(ratePercentOf(typed)).toBeNull();
  });
});
