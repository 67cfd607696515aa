import { describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';

const engine = new Engine();
const ev = (code: string, json: unknown = {}) => engine.render(`{.eval ${code}}`, { json });

describe('.eval expressions', () => {
  it.each([
    ['1 + 2 * 3', '7'],
    ['(1 + 2) * 3', '9'],
    ['2 ** 3 ** 2', '512'],
    ['7 % 4', '3'],
    ['-2 + +5', '3'],
    ['1 << 4 >> 2', '4'],
    ['6 & 3 | 8 ^ 1', '11'],
    ['~5', '-6'],
    ['!true || false', 'false'],
    ['1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3', 'true'],
    ["1 == '1'", 'true'],
    ["1 === '1'", 'false'],
    ["1 != '1'", 'false'],
    ["1 !== '1'", 'true'],
    ["'a' + 1 + true", 'a1true'],
    ['0x1F', '31'],
    ['1e3', '1000'],
    ['"\\x41\\u0042\\U0001F600"', 'AB\u{1F600}'],
    ['max(1, 5, 3) + min(4, 2)', '7'],
    ['abs(-3)', '3'],
    ["num('12.5') + num('0x10')", '28.5'],
    ["str(1) + bool('')", '1false'],
    ['PI > 3 && E < 3', 'true'],
    ['null', ''],
    ['1; 2; 3', '3'],
    ['1 2 3', '3'],
    ['n * 2', '42'],
    ['obj', ''],
  ])('%s => %s', (code, expected) => {
    const r = ev(code, { n: 21, obj: { a: 1 } });
    expect(r.output).toBe(expected);
  });

  it('assigns @variables that outlive the expression', () => {
    expect(engine.render('{.eval @a = 2; @b = @a * 3}{@a}-{@b}', {}).output).toBe('2-6');
  });

  it('reports "Reduce error" when the result is an object', () => {
    expect(ev('obj', { obj: { a: 1 } }).errors[0]?.message).toBe('Error reducing expression: obj: Reduce error: unexpected token on stack');
  });

  it.each([
    ["'abc", 'Unterminated string'],
    ['foo(1)', 'Invalid function foo'],
    ['(1', 'Mismatched operator found: left paren'],
    ['1)', 'Mismatched operator found: right paren'],
    ["'\\x4'", 'Invalid 2-char hex escape found'],
    ["'\\u12'", 'Invalid unicode escape found'],
    ['1..2', 'Duplicate decimal point in number'],
    ['1e', 'Expected a digit after exponent in decimal number'],
    ['1e1.2', 'Unexpected decimal point in exponent'],
    ['0x', 'Expected digits after start of hex number'],
    ['1 # 2', 'Unexpected character at 2: "#"'],
  ])('parse error %s', (code, message) => {
    const r = ev(code);
    expect(r.output).toBe('');
    expect(r.errors.map((e) => e.message)).toEqual([`Error parsing expression: ${JSON.stringify(code)}: ${message}`]);
    expect(r.errors[0]?.type).toBe('RuntimeError');
  });

  it.each([
    ['1 +', 'Invalid arguments to operator add'],
    ['max()', 'Error calling function max'],
  ])('reduce error %s', (code, message) => {
    const r = ev(code);
    expect(r.errors.map((e) => e.message)).toEqual([`Error reducing expression: ${code}: ${message}`]);
  });

  it('drops variables assigned by an expression that failed', () => {
    expect(engine.render('{.eval @a = 1; 1 +}{@a}', {}).output).toBe('');
  });

  it('debug mode prints the compiled form', () => {
    expect(engine.render('{.eval #1 + 2}', {}).output).toBe('EVAL=[[1 2 <add>]] -> 3');
  });
});
