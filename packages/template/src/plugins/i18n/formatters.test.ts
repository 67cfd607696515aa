import { describe, expect, it } from 'vitest';
import { formatters } from './index.js';
import { testContext, variable } from './test-context.js';

type Opts = Parameters<typeof testContext>[1];

const run = (name: string, values: unknown[], args: string[], opts: Opts = {}): unknown => {
  const vars = values.map(variable);
  const f = formatters[name];
  if (!f) throw new Error(`no formatter ${name}`);
  f.apply(args, vars, testContext({}, opts));
  return vars[0]?.value;
};

describe('datetime', () => {
  const t = 1582571080000;
  it.each([
    [[], 'February 24, 2020'],
    [['short'], '2/24/20, 2:04\u202fPM'],
    [['date:full', 'time:short'], 'Monday, February 24, 2020 at 2:04\u202fPM'],
    [['skeleton:yMMMEEEd'], 'Mon, Feb 24, 2020'],
    [['yMMMMdEEEE', 'context:begin-sentence'], 'Monday, February 24, 2020'],
    [['date:yMd', 'time:hm'], '2/24/2020, 2:04\u202fPM'],
  ])('%j', (args, expected) => {
    expect(run('datetime', [t], args)).toBe(expected);
  });

  it('supports other calendars', () => {
    expect(run('datetime', [1520751625000], ['date:full', 'calendar:japanese'], { locale: 'ja' })).toBe('平成30年3月11日日曜日');
  });

  it('outputs nothing without CLDR or a number', () => {
    expect(run('datetime', [t], [], { locale: 'none' })).toBe('');
    expect(run('datetime', ['later'], [])).toBe('');
  });
});

describe('datetime-interval', () => {
  it('formats ranges with CLDR interval patterns', () => {
    expect(run('datetime-interval', [1582571080000, 1592591080000], [], { locale: 'en' })).toBe('Feb 24\u2009–\u2009Jun 19, 2020');
    expect(run('datetime-interval', [1582571080000, 1692591080000], ['yMMM'], { locale: 'en' })).toBe('Feb 2020\u2009–\u2009Aug 2023');
  });

  it('shows the zone when a same-day range crosses noon', () => {
    const la = { timeZone: 'America/Los_Angeles', locale: 'en' };
    expect(run('datetime-interval', [1502298000000, 1502305200000], [], la)).toBe('10:00\u202fAM\u2009–\u200912:00\u202fPM PT');
    expect(run('datetime-interval', [1582571080000, 1582591080000], [], { locale: 'en' })).toBe('2:04\u2009–\u20097:38\u202fPM');
  });

  it('shows both ends when a date-only skeleton covers two times of one day', () => {
    const la = { timeZone: 'America/Los_Angeles', locale: 'en' };
    expect(run('datetime-interval', [1502298000000, 1502305200000], ['yMMMd'], la)).toBe('Aug 9, 2017 – Aug 9, 2017');
  });

  it('needs two numeric instants', () => {
    expect(run('datetime-interval', [1502298000000], [])).toBe('');
    expect(run('datetime-interval', [1502298000000, 'x'], [])).toBe('');
  });
});

describe('decimal', () => {
  it.each([
    ['123456.7890', ['style:percent'], '12,345,679%'],
    ['123456.7890', ['style:short'], '123K'],
    ['123456.7890', ['maximumFractionDigits:1'], '123,456.8'],
    ['123456.7890', ['maximumFractionDigits:1', 'round:down'], '123,456.7'],
    ['-100200300.40', [], '-100200300.4'],
    ['99999.00', [], '99999'],
    ['-100200300.40', ['group'], '-100,200,300.4'],
    [1200, ['group:true'], '1,200'],
    ['xyz', ['group:true'], ''],
  ])('%j %j', (value, args, expected) => {
    expect(run('decimal', [value], args)).toBe(expected);
  });
});

describe('money', () => {
  const usd = { decimalValue: '123456.7890', currencyCode: 'USD' };
  it.each([
    [usd, [], '$123,456.79'],
    [usd, ['style:short'], '$123K'],
    [usd, ['style:name'], '123,456.79 US dollars'],
    [{ value: '10', currency: 'EUR' }, [], '€10.00'],
    [{ foo: 'bar' }, [], ''],
  ])('%j %j', (value, args, expected) => {
    expect(run('money', [value], args)).toBe(expected);
  });
});

describe('relative-time', () => {
  const now = 1502298000000;
  it('measures from now or between two instants', () => {
    expect(run('relative-time', [1509647217000, 1510641417000], [], { now })).toBe('in 12 days');
    expect(run('relative-time', [1509647217000, 1510641417000], ['allowWeeks:true'], { now })).toBe('in 2 weeks');
    expect(run('relative-time', [1502305200000], ['context:begin-sentence'], { now })).toBe('In 2 hours');
    expect(run('relative-time', [1502258000000], [], { now })).toBe('11 hours ago');
  });
});

describe('timesince', () => {
  const now = 1627849845000;
  it.each([
    [-607001400000, 'about 70 years ago'],
    [1577987019000, 'about a year ago'],
    [now - 3600_000, 'about an hour ago'],
    [now - 3 * 86400_000, 'about 3 days ago'],
    [now - 59_000, 'less than a minute ago'],
    [now + 86400_000, 'less than a minute ago'],
  ])('%d', (t, text) => {
    expect(run('timesince', [t], [], { now })).toBe(`<span class="timesince" data-date="${t}">${text}</span>`);
  });

  it('reports invalid dates', () => {
    expect(run('timesince', ['soon'], [], { now })).toBe('Invalid date.');
  });
});
