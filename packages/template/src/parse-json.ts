/**
 * JSON parser for template contexts. Accepts exactly RFC 8259 JSON and builds the
 * same values as `JSON.parse`, except that a number whose JavaScript form differs
 * from its source text (`1.0`, `0.50`, `1e3`) becomes a {@link JsonDecimal}, so
 * templates print it, and plural rules see it, as written.
 */
import { JsonDecimal } from './json-decimal.js';

/** Deepest nesting of arrays and objects accepted (deeper input is a SyntaxError). */
export const MAX_JSON_DEPTH = 1000;

const defineProperty = Object.defineProperty;

class JsonParser {
  private i = 0;

  constructor(private readonly s: string) {}

  parse(): unknown {
    this.skip();
    const value = this.value(0);
    this.skip();
    if (this.i < this.s.length) this.fail('unexpected text after the JSON value');
    return value;
  }

  fail(reason: string): never {
    const before = this.s.slice(0, this.i);
    const line = before.split('\n').length;
    const column = this.i - before.lastIndexOf('\n');
    throw new SyntaxError(`Invalid JSON at line ${line}, column ${column}: ${reason}`);
  }

  private skip(): void {
    const s = this.s;
    let i = this.i;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    this.i = i;
  }

  private value(depth: number): unknown {
    const c = this.s.charCodeAt(this.i);
    switch (c) {
      case 123: // {
        return this.object(depth + 1);
      case 91: // [
        return this.array(depth + 1);
      case 34: // "
        return this.string();
      case 116: // t
        return this.word('true', true);
      case 102: // f
        return this.word('false', false);
      case 110: // n
        return this.word('null', null);
      default:
        if (c === 45 || (c >= 48 && c <= 57)) return this.number();
        return this.fail(this.i >= this.s.length ? 'unexpected end of input' : `unexpected character '${this.s[this.i]}'`);
    }
  }

  private word<T>(word: string, value: T): T {
    if (!this.s.startsWith(word, this.i)) this.fail(`unexpected character '${this.s[this.i]}'`);
    this.i += word.length;
    return value;
  }

  private digits(): number {
    const s = this.s;
    const start = this.i;
    let c = s.charCodeAt(this.i);
    while (c >= 48 && c <= 57) c = s.charCodeAt(++this.i);
    return this.i - start;
  }

  private number(): number | JsonDecimal {
    const s = this.s;
    const start = this.i;
    if (s.charCodeAt(this.i) === 45) this.i++;
    const first = s.charCodeAt(this.i);
    if (first === 48) this.i++;
    else if (this.digits() === 0) this.fail('expected a digit');
    let canonical = true;
    if (s.charCodeAt(this.i) === 46) {
      this.i++;
      if (this.digits() === 0) this.fail('expected a digit after the decimal point');
      canonical = false;
    }
    const e = s.charCodeAt(this.i);
    if (e === 101 || e === 69) {
      this.i++;
      const sign = s.charCodeAt(this.i);
      if (sign === 43 || sign === 45) this.i++;
      if (this.digits() === 0) this.fail('expected a digit in the exponent');
      canonical = false;
    }
    const text = s.slice(start, this.i);
    const n = Number(text);
    if ((canonical && text.length < 16 && text !== '-0') || String(n) === text) return n;
    return new JsonDecimal(text);
  }

  private string(): string {
    const s = this.s;
    const start = ++this.i;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === 34) return s.slice(start, this.i++);
      if (c === 92) break;
      if (c < 32 || this.i >= s.length) this.unterminated(c);
      this.i++;
    }
    let out = s.slice(start, this.i);
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === 34) {
        this.i++;
        return out;
      }
      if (c === 92) {
        out += this.escape();
        continue;
      }
      if (c < 32 || this.i >= s.length) this.unterminated(c);
      const from = this.i++;
      let d = s.charCodeAt(this.i);
      while (d !== 34 && d !== 92 && d >= 32) d = s.charCodeAt(++this.i);
      out += s.slice(from, this.i);
    }
  }

  private unterminated(c: number): never {
    return this.fail(this.i >= this.s.length ? 'unterminated string' : `control character U+${c.toString(16).padStart(4, '0')} in string`);
  }

  private escape(): string {
    const c = this.s[this.i + 1];
    this.i += 2;
    switch (c) {
      case '"':
      case '\\':
      case '/':
        return c;
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'u': {
        const hex = this.s.slice(this.i, this.i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('invalid \\u escape');
        this.i += 4;
        return String.fromCharCode(parseInt(hex, 16));
      }
      default:
        this.i -= 2;
        return this.fail('invalid escape');
    }
  }

  private open(depth: number): void {
    if (depth > MAX_JSON_DEPTH) this.fail(`nesting deeper than ${MAX_JSON_DEPTH}`);
    this.i++;
    this.skip();
  }

  private array(depth: number): unknown[] {
    this.open(depth);
    const out: unknown[] = [];
    if (this.s.charCodeAt(this.i) === 93) {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth));
      this.skip();
      const c = this.s.charCodeAt(this.i++);
      if (c === 93) return out;
      if (c !== 44) this.expected("',' or ']'");
      this.skip();
    }
  }

  private object(depth: number): Record<string, unknown> {
    this.open(depth);
    const out: Record<string, unknown> = {};
    if (this.s.charCodeAt(this.i) === 125) {
      this.i++;
      return out;
    }
    for (;;) {
      if (this.s.charCodeAt(this.i) !== 34) this.fail('expected a string key');
      const key = this.string();
      this.skip();
      if (this.s.charCodeAt(this.i++) !== 58) this.expected("':'");
      this.skip();
      const value = this.value(depth);
      if (key === '__proto__') defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
      else out[key] = value;
      this.skip();
      const c = this.s.charCodeAt(this.i++);
      if (c === 125) return out;
      if (c !== 44) this.expected("',' or '}'");
      this.skip();
    }
  }

  private expected(what: string): never {
    this.i--;
    return this.fail(this.i >= this.s.length ? 'unexpected end of input' : `expected ${what}`);
  }
}

/**
 * Parses JSON text into a template context: like `JSON.parse` (own properties only,
 * `"__proto__"` is an ordinary key), with numbers not in their JavaScript form kept
 * as {@link JsonDecimal}. Throws a SyntaxError naming the line and column of bad input.
 */
export function parseJson(text: string): unknown {
  if (typeof text !== 'string') throw new TypeError('parseJson: text must be a string');
  return new JsonParser(text).parse();
}
