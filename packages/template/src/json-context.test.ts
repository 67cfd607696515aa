import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { nodeCldrProvider } from './cldr/node.js';
import { JsonDecimal } from './json-decimal.js';
import { isTruthy, printValue } from './values.js';

const engine = new Engine({ cldr: nodeCldrProvider() });
const out = (source: string, jsonText: string, locale = 'en-US') => engine.render(source, { jsonText, locale }).output;

describe('contexts given as JSON text', () => {
  it('prints numbers as written and selects plurals by their CLDR operands', () => {
    const json = '{"ns": [0, 0.0, 1, 1.0, 17.0, 1.50, 1e3], "m": "{0 plural one{# ONE} other{# OTHER}}"}';
    expect(out('{ns}', json)).toBe('0,0.0,1,1.0,17.0,1.50,1e3');
    expect(out('{.repeated section ns}{m|message @} {.end}', json)).toBe('0 OTHER 0.0 OTHER 1 ONE 1.0 OTHER 17.0 OTHER 1.50 OTHER 1000 OTHER ');
    expect(out('{.repeated section ns}{m|message @}|{.end}', json, 'fr-FR')).toBe('0 ONE|0.0 ONE|1 ONE|1.0 ONE|17.0 OTHER|1.50 ONE|1000 OTHER|');
  });

  it('tests truthiness, equality and order by numeric value', () => {
    const json = '{"zero": 0.0, "one": 1.0, "half": 0.50, "n": 2.0, "i": 2}';
    expect(out('{.section zero}Z{.or}z{.end}{.section one}O{.end}{.if half}H{.end}', json)).toBe('zOH');
    expect(out('{.equal? n i}eq{.end}{.equal? n 2}lit{.end}{.greaterThan? n 1}gt{.end}{.lessThan? half 1}lt{.end}', json)).toBe('eqlitgtlt');
    expect(out('{.even? n}even{.end}{.odd? one}odd{.end}{.nth? n 2}nth{.end}', json)).toBe('evenoddnth');
    expect(out('{.eval n * 3 + half}|{.eval one == 1}|{.eval str(n)}', json)).toBe('6.5|true|2');
    expect(out('{.section n}{@}{.end}|{n|str}|{n|json}|{one|count}', json)).toBe('2.0|2.0|2|0');
  });

  it('formats numbers, money and dates from JSON-text numbers', () => {
    const json = '{"price": {"decimalValue": 10.50, "currencyCode": "USD"}, "d": 1234.50, "t": 1.5e12, "website": {"timeZone": "UTC"}}';
    expect(out('{price|money}|{d|decimal}|{t|date %Y-%m-%d}', json)).toBe('$10.50|1234.5|2017-07-14');
  });

  it('reports invalid JSON text and renders against an empty context', () => {
    const r = engine.render('[{a}]', { jsonText: '{"a": 1,}' });
    expect(r.output).toBe('[]');
    expect(r.errors.map((e) => e.message)).toEqual(['Context is not valid JSON: Invalid JSON at line 1, column 9: expected a string key']);
  });

  it('exposes JsonDecimal to the value layer as a number that prints as written', () => {
    expect([isTruthy(new JsonDecimal('0.0')), isTruthy(new JsonDecimal('1.0')), isTruthy(new JsonDecimal('-0.0'))]).toEqual([false, true, false]);
    expect(printValue(new JsonDecimal('1.0'))).toBe('1.0');
    expect(printValue([new JsonDecimal('2.0'), 3])).toBe('2.0,3');
    expect(out('{a.value}{a.text}{a.constructor}', '{"a": 1.0}')).toBe('');
  });
});
