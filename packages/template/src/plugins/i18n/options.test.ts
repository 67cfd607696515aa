import { describe, expect, it } from 'vitest';
import { currencyOptions, datetimeOptions, decimalOptions, intervalOptions, MAX_DIGITS, relativeTimeOptions } from './options.js';

describe('formatter option parsing', () => {
  it('parses number options with aliases and clamps digit counts to 0-50', () => {
    expect(decimalOptions(['style:percent', 'group', 'maxfrac:2', 'minInt:3', 'round:truncate'])).toEqual({
      style: 'percent',
      group: true,
      maximumFractionDigits: 2,
      minimumIntegerDigits: 3,
      round: 'down',
    });
    expect(decimalOptions(['maximumFractionDigits:99', 'minfrac:-4', 'maxsig:x'])).toEqual({
      maximumFractionDigits: MAX_DIGITS,
      minimumFractionDigits: 0,
      maximumSignificantDigits: 0,
    });
    expect(decimalOptions(['style:standard', 'no-group', 'round:ceil'])).toEqual({ style: 'decimal', group: false, round: 'ceiling' });
    expect(decimalOptions(['style:bogus', 'round:sideways', 'unknown:1'])).toEqual({});
  });

  it('parses currency options', () => {
    expect(currencyOptions(['style:name', 'symbol:narrow', 'group:false'])).toEqual({ style: 'name', symbolWidth: 'narrow', group: false });
    expect(currencyOptions(['style:standard'])).toEqual({ style: 'symbol' });
  });

  it('parses date widths, skeletons and wrappers', () => {
    expect(datetimeOptions([])).toEqual({ ca: 'gregory' });
    expect(datetimeOptions(['long'])).toEqual({ ca: 'gregory', datetime: 'long' });
    expect(datetimeOptions(['date', 'time:medium'])).toEqual({ ca: 'gregory', date: 'short', time: 'medium' });
    expect(datetimeOptions(['date:yMd', 'time:hm', 'wrap:full'])).toEqual({ ca: 'gregory', skeleton: 'yMdhm', wrap: 'full' });
    expect(datetimeOptions(['yMMMMdEEEE', 'context:begin-sentence', 'calendar:japanese'])).toEqual({
      ca: 'japanese',
      skeleton: 'yMMMMdEEEE',
      context: 'begin-sentence',
    });
  });

  it('parses interval and relative-time options', () => {
    expect(intervalOptions(['yMMMd', 'context:standalone'])).toEqual({ ca: 'gregory', skeleton: 'yMMMd', context: 'standalone' });
    expect(intervalOptions(['date'])).toEqual({ ca: 'gregory' });
    expect(relativeTimeOptions(['allowWeeks:true', 'field:day', 'width:short', 'maxfrac:1'])).toEqual({
      ca: 'gregory',
      allowWeeks: true,
      field: 'day',
      width: 'short',
      maximumFractionDigits: 1,
    });
  });
});
