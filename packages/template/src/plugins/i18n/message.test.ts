import { describe, expect, it } from 'vitest';
import { message } from './message.js';
import { formatMessage, MESSAGE_CACHE_SIZE, cachedMessageCount, rejoinUnitLists } from './message-format.js';
import { checkPluralKeys, InvalidPluralKeyError } from './plural-keys.js';
import { LruCache } from './lru-cache.js';
import { JsonDecimal } from '../../json-decimal.js';
import { cldrFor, testContext, variable } from './test-context.js';

const en = cldrFor('en');
const fmt = (pattern: string, positional: unknown[], named: Record<string, unknown> = {}, locale = 'en'): string =>
  formatMessage(cldrFor(locale), 'America/New_York', pattern, positional, named);

describe('message formatting', () => {
  it('selects plural and ordinal forms with the locale rules', () => {
    const ordinal = 'The {0 selectordinal one{#st} two{#nd} few{#rd} other{#th}} item is a {1}.';
    expect(fmt(ordinal, [1, 'guitar'])).toBe('The 1st item is a guitar.');
    expect(fmt(ordinal, [3, 'drum set'])).toBe('The 3rd item is a drum set.');
    const plural = '{0 plural zero{# ZERO} one{# ONE} two{# TWO} few{# FEW} many{# MANY} other{# OTHER}}';
    expect(fmt(plural, ['0'])).toBe('0 OTHER');
    expect(fmt(plural, ['1.0'])).toBe('1.0 OTHER');
    expect(fmt(plural, ['0.0'], {}, 'fr')).toBe('0.0 ONE');
    expect(fmt(plural, ['5'], {}, 'pl')).toBe('5 MANY');
    expect(fmt(plural, ['2'], {}, 'pl')).toBe('2 FEW');
    expect(fmt('{0 plural =0{none} one{one} other{#}}', [0])).toBe('none');
  });

  it('keeps JSON numbers as written for printing and plural operands', () => {
    const plural = '{0 plural one{# ONE} other{# OTHER}}';
    expect(fmt(plural, [new JsonDecimal('1.0')])).toBe('1.0 OTHER');
    expect(fmt(plural, [1])).toBe('1 ONE');
    expect(fmt('{0 plural one{# JEDEN} few{# FEW} many{# MANY} other{# OTHER}}', [new JsonDecimal('2.0')], {}, 'pl')).toBe('2.0 OTHER');
    expect(fmt('{0}', [new JsonDecimal('17.0')])).toBe('17.0');
  });

  it('runs `other` only for the other category (no fallback), as the reference engine', () => {
    expect(fmt('item{0 plural other{s}}', [1])).toBe('item');
    expect(fmt('item{0 plural other{s}}', [3])).toBe('items');
    expect(fmt('{0 plural =1{exactly one} other{#}}', [1])).toBe('exactly one');
    expect(fmt('{0 selectordinal two{#nd} other{#th}}', [1])).toBe('');
    expect(fmt('{0 select a{{1 plural other{x}}} other{y}}', ['a', 1])).toBe('');
    expect(fmt('{0 select a{{1 plural other{x}}} other{y}}', ['a', 2])).toBe('x');
    expect(fmt('{0 select a{{1 plural other{x}}} other{y}}', ['b', 1])).toBe('y');
  });

  it('formats money, numbers, dates, intervals and units', () => {
    const money = { decimalValue: '123456.789', currencyCode: 'EUR' };
    expect(fmt('{0 money}|{0 currency style:short}|{0 money style:name}', [money])).toBe('€123,456.79|€123K|123,456.79 euros');
    expect(fmt('{0 money}', [{ foo: 'bar' }])).toBe('');
    expect(fmt('{0}|{0 decimal style:short}|{0 number maximumFractionDigits:1}', ['12345.67899'])).toBe('12345.67899|12K|12,345.7');
    expect(formatMessage(en, 'America/Los_Angeles', '{0 datetime full}', [1582663910000], {})).toBe(
      'Tuesday, February 25, 2020 at 12:51:50\u202fPM Pacific Standard Time',
    );
    expect(fmt('{0;1 datetime-interval}', ['1525198211000', '1531678211000'])).toBe('May 1\u2009–\u2009Jul 15, 2018');
    expect(fmt('{0 unit in:byte compact:bytes} / {1 unit in:second sequence:hour,minute,second format:long}', ['12345657890', '12345'])).toBe(
      '11.5GB / 3 hours 25 minutes 45 seconds',
    );
  });

  it('uses named arguments', () => {
    expect(fmt('{foo} {0} {x}', ['FOO', 123], { foo: 'FOO', x: 123 })).toBe('FOO FOO 123');
    expect(fmt('[{missing}]', [])).toBe('[]');
  });

  it('rejects invalid plural keys and non-numerical plural arguments', () => {
    expect(() => fmt('{0 plural one{a} lots{b}}', [1])).toThrow(InvalidPluralKeyError);
    expect(() => fmt('{0 plural one{a} other{b}}', ['abc'])).toThrow("Non-numerical argument 'abc'");
    expect(() => checkPluralKeys('{0 selectordinal one{#st} =2{#nd} other{#th}} {1 select foo{x} other{y}}')).not.toThrow();
  });

  it('caches at most the configured number of parsed patterns', () => {
    for (let i = 0; i < MESSAGE_CACHE_SIZE + 20; i++) fmt(`n${i} {0}`, [i]);
    expect(MESSAGE_CACHE_SIZE).toBe(100);
    expect(cachedMessageCount()).toBe(100);
  });

  it('rejoins unit lists split by the message parser', () => {
    expect(rejoinUnitLists(['in:second', 'sequence:hour', 'minute', 'second', 'format:long'])).toEqual([
      'in:second',
      'sequence:hour,minute,second',
      'format:long',
    ]);
  });
});

describe('message formatter', () => {
  const run = (value: unknown, args: string[], root: Record<string, unknown>, locale = 'en'): [unknown, string[]] => {
    const v = variable(value);
    const ctx = testContext(root, { locale });
    message.apply(args, [v], ctx);
    return [v.value, ctx.errors];
  };

  it('resolves positional and key=path / key:path arguments', () => {
    const root = { foo: 'FOO', bar: 'BAR', number: 123, person: { name: 'Bob' } };
    expect(run('{foo} {bar} {0} {1} {2} {x} {y}', ['foo', 'bar', 'baz', 'x=number', 'y:person.name'], root)[0]).toBe('  FOO BAR  123 Bob');
  });

  it('formats again for other argument values, types, zones and patterns through one argument list', () => {
    const args = ['a', 'b'];
    const apply = (pattern: string, root: Record<string, unknown>, timeZone = 'America/New_York'): unknown => {
      const v = variable(pattern);
      message.apply(args, [v], testContext(root, { locale: 'en', timeZone }));
      return v.value;
    };
    expect(apply('{0}|{1}', { a: 'x', b: 'y' })).toBe('x|y');
    expect(apply('{0}|{1}', { a: 'x|y', b: '' })).toBe('x|y|');
    expect(apply('{0}|{1}', { a: 1, b: '1' })).toBe('1|1');
    expect(apply('{0 plural one{one} other{#}}', { a: 1 })).toBe('one');
    expect(apply('{0 plural one{one} other{#}}', { a: new JsonDecimal('1.0') })).toBe('1.0');
    expect(apply('{0 plural one{one} other{#}}', { a: 2 })).toBe('2');
    expect(apply('{0}{1}', { a: true, b: null })).toBe('true');
    expect(apply('{0 datetime time:short}', { a: 0 })).toBe('7:00\u202fPM');
    expect(apply('{0 datetime time:short}', { a: 0 }, 'UTC')).toBe('12:00\u202fAM');
  });

  it('resolves from the frame around the variable when the executor offers it', () => {
    const seen: unknown[] = [];
    const ctx = {
      ...testContext({ items: ['a', 'b'] }),
      resolveOuter: (path: readonly (string | number)[]) => {
        seen.push(path);
        return path[0] === 'items' ? ['a', 'b'][path[1] as number] : 'here';
      },
    };
    const v = variable('{0} {1}');
    message.apply(['items.1', '@'], [v], ctx);
    expect(v.value).toBe('b here');
    expect(seen).toEqual([['items', 1], ['@']]);
  });

  it('records an error and outputs nothing for a bad pattern, nothing without CLDR', () => {
    const [out, errors] = run('{0 plural one{a} lots{b}}', ['n'], { n: 1 });
    expect(out).toBe('');
    expect(errors).toEqual(["Invalid plural key 'lots'"]);
    expect(run('{0}', ['n'], { n: 1 }, 'none')[0]).toBe('');
  });
});

describe('LruCache', () => {
  it('evicts the least recently used entry', () => {
    const c = new LruCache<string, number>(2);
    c.set('a', 1);
    c.set('b', 2);
    c.get('a');
    c.set('c', 3);
    expect([c.get('a'), c.get('b'), c.get('c'), c.size]).toEqual([1, undefined, 3, 2]);
  });
});
