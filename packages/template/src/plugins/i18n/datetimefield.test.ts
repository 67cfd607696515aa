import { describe, expect, it } from 'vitest';
import { datetimefield } from './datetimefield.js';
import { testContext, variable } from './test-context.js';

const run = (value: unknown, args: string[], locale = 'en'): unknown => {
  const v = variable(value);
  datetimefield.apply(args, [v], testContext({}, { locale, timeZone: 'America/New_York' }));
  return v.value;
};

describe('datetimefield', () => {
  const t = 1582571080000;
  it.each([
    [['weekday'], 'Monday'],
    [['weekday', 'short'], 'Mon'],
    [['month'], 'February'],
    [['month', 'narrow'], 'F'],
    [['year'], '2020'],
    [['day'], '24'],
    [['quarter'], '1st quarter'],
    [['minute'], '4'],
  ])('%j', (args, expected) => {
    expect(run(t, args)).toBe(expected);
  });

  it('localizes names', () => {
    expect(run(t, ['month'], 'fr')).toBe('février');
  });

  it('outputs nothing for unknown fields, non-dates or no CLDR', () => {
    expect(run(t, ['fortnight'])).toBe('');
    expect(run(t, [])).toBe('');
    expect(run({}, ['month'])).toBe('');
    expect(run(t, ['month'], 'none')).toBe('');
  });
});
