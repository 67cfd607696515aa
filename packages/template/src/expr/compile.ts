/**
 * Expression compiler: tokenizes `{.eval}` code and converts it to reverse-polish
 * form (shunting yard). The result is plain JSON and is stored in the
 * instruction tree, so execution never re-parses an expression.
 */
import { scanVarRef, splitPathAt } from '../syntax.js';
import { FUNCTION_NAMES, O, OPERATOR_INFO, T } from './operators.js';

/** Limits applied when compiling and evaluating expressions. */
export interface ExprLimits {
  /** Maximum number of tokens in one `{.eval}` (0 = unlimited). */
  readonly maxTokens: number;
  /** Maximum length of a string built by concatenation (0 = unlimited). */
  readonly maxStringLen: number;
}

type Token = unknown;

const CHAR_NAMES: Record<string, string> = {
  '\b': 'backspace',
  '\f': 'form feed',
  '\n': 'line feed',
  '\r': 'carriage return',
  '\t': 'tab',
};
const charName = (c: string) => CHAR_NAMES[c] ?? (c <= '\u001f' ? 'control character' : 'character');

const CONSTANTS: Record<string, Token> = Object.assign(Object.create(null) as Record<string, Token>, {
  null: null,
  true: true,
  false: false,
  PI: Math.PI,
  E: Math.E,
  Infinity: [T.SPECIAL, 'Infinity'],
  NaN: [T.SPECIAL, 'NaN'],
});

/** One shared operator token per type (tokens are never mutated after compile). */
const OP_TOKENS: readonly Token[] = OPERATOR_INFO.map((_, type) => [T.OP, type]);
const ARGS_TOKEN: Token = [T.ARGS];
const op = (type: number): Token => OP_TOKENS[type];
const isOp = (t: Token, type?: number): boolean => Array.isArray(t) && t[0] === T.OP && (type === undefined || t[1] === type);

const isHex = (c: string) => (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');

/** End of a run of hex digits starting at i (bounded by len). */
export function scanHex(s: string, i: number, len: number): number {
  while (i < len && isHex(s[i] as string)) i++;
  return i;
}

/**
 * End of a decimal number starting at i, or -2 (no digit after exponent),
 * -3 (duplicate decimal point), -4 (decimal point in exponent).
 */
export function scanDecimal(s: string, i: number, len: number): number {
  let dot = false;
  let exp = false;
  let expDigit = false;
  let expSign = false;
  let j = i;
  for (; j < len; j++) {
    const c = s[j] as string;
    if (c === '.') {
      if (dot) return -3;
      if (exp) return -4;
      dot = true;
    } else if (c === 'e' || c === 'E') {
      if (exp) break;
      exp = true;
      expDigit = true;
    } else if (c === '-' || c === '+') {
      if (!expDigit || !exp || expSign) break;
      expSign = true;
    } else if (c >= '0' && c <= '9') {
      expDigit = false;
    } else break;
  }
  return expDigit ? -2 : j;
}

/** Wraps a number as a JSON-safe token. */
export function numberToken(n: number): Token {
  return Number.isFinite(n) ? n : [T.SPECIAL, String(n)];
}

class Tokenizer {
  readonly tokens: Token[] = [];
  readonly errors: string[] = [];

  constructor(private readonly maxTokens: number) {}

  push(t: Token): void {
    if (this.errors.length) return;
    const tokens = this.tokens;
    if (isOp(t)) {
      const type = (t as number[])[1];
      const top = tokens.length ? tokens[tokens.length - 1] : undefined;
      if (type === O.ADD || type === O.SUB) {
        if (top === undefined || (isOp(top) && (top as number[])[1] !== O.RPRN)) {
          t = op(type === O.SUB ? O.MINUS : O.PLUS);
        }
      } else if (type === O.LPRN && Array.isArray(top) && top[0] === T.VAR && (top[1] as unknown[]).length === 1) {
        const name = (top[1] as unknown[])[0];
        if (typeof name === 'string' && FUNCTION_NAMES.has(name)) {
          tokens[tokens.length - 1] = [T.CALL, name];
        } else {
          this.errors.push(`Invalid function ${String(name)}`);
          return;
        }
      }
    }
    tokens.push(t);
    if (this.maxTokens > 0 && tokens.length > this.maxTokens) {
      this.errors.push(`Expression exceeds the maximum number of allowed tokens: ${this.maxTokens}`);
    }
  }

  run(s: string): void {
    const len = s.length;
    let i = 0;
    while (i < len && !this.errors.length) {
      const c0 = s[i] as string;
      const c1 = i + 1 < len ? s[i + 1] : '';
      if (c0 >= '0' && c0 <= '9') {
        i = c0 === '0' && (c1 === 'x' || c1 === 'X') ? this.hex(s, i + 2, len) : this.decimal(s, i, len);
        if (i < 0) return;
        continue;
      }
      if (c0 === '"' || c0 === "'") {
        i = this.string(s, i + 1, len, c0);
        if (i < 0) return;
        continue;
      }
      let two = false;
      switch (c0) {
        case '*':
          two = c1 === '*';
          this.push(op(two ? O.POW : O.MUL));
          break;
        case '/':
          this.push(op(O.DIV));
          break;
        case '%':
          this.push(op(O.MOD));
          break;
        case '+':
          this.push(op(O.ADD));
          break;
        case '-':
          this.push(op(O.SUB));
          break;
        case '=':
        case '!':
          if (c1 === '=') {
            const strict = s[i + 2] === '=';
            i += strict ? 2 : 1;
            this.push(op(c0 === '=' ? (strict ? O.SEQ : O.EQ) : strict ? O.SNEQ : O.NEQ));
          } else this.push(op(c0 === '=' ? O.ASN : O.LNOT));
          break;
        case '<':
        case '>': {
          const lt = c0 === '<';
          two = c1 === c0 || c1 === '=';
          this.push(op(c1 === c0 ? (lt ? O.SHL : O.SHR) : c1 === '=' ? (lt ? O.LTEQ : O.GTEQ) : lt ? O.LT : O.GT));
          break;
        }
        case '~':
          this.push(op(O.BNOT));
          break;
        case '&':
          two = c1 === '&';
          this.push(op(two ? O.LAND : O.BAND));
          break;
        case '|':
          two = c1 === '|';
          this.push(op(two ? O.LOR : O.BOR));
          break;
        case '^':
          this.push(op(O.BXOR));
          break;
        case ' ':
        case '\n':
        case '\t':
        case '\r':
        case '\u00a0':
          break;
        case ',':
          this.push(op(O.COMMA));
          break;
        case ';':
          this.push(op(O.SEMI));
          break;
        case '(':
          this.push(op(O.LPRN));
          break;
        case ')':
          this.push(op(O.RPRN));
          break;
        default: {
          const j = scanVarRef(s, i, len);
          if (j === -1) {
            this.errors.push(`Unexpected ${charName(c0)} at ${i}: ${JSON.stringify(c0)}`);
            return;
          }
          const path = splitPathAt(s, i, j);
          i = j;
          if (path.length === 1 && typeof path[0] === 'string' && path[0] in CONSTANTS) {
            this.push(CONSTANTS[path[0]]);
          } else this.push([T.VAR, path]);
          continue;
        }
      }
      i += two ? 2 : 1;
    }
  }

  private decimal(s: string, i: number, len: number): number {
    const j = scanDecimal(s, i, len);
    if (j === -2) this.errors.push('Expected a digit after exponent in decimal number');
    else if (j === -3) this.errors.push('Duplicate decimal point in number');
    else if (j === -4) this.errors.push('Unexpected decimal point in exponent');
    if (j < 0) return -1;
    this.push(numberToken(parseFloat(s.substring(i, j))));
    return j;
  }

  private hex(s: string, i: number, len: number): number {
    const j = scanHex(s, i, len);
    if (j === i) {
      this.errors.push('Expected digits after start of hex number');
      return -1;
    }
    this.push(numberToken(parseInt(s.substring(i, j), 16)));
    return j;
  }

  private string(s: string, i: number, len: number, quote: string): number {
    let out = '';
    while (i < len) {
      let c = s[i] as string;
      if (c === '\\' && i + 1 < len) {
        c = s[i + 1] as string;
        if (c === 'x' || c === 'u' || c === 'U') {
          i += 2;
          const lim = i + (c === 'x' ? 2 : c === 'u' ? 4 : 8);
          const bad = c === 'x' ? lim >= len : false;
          const k = scanHex(s, i, Math.min(lim, len));
          if (bad || k !== lim) {
            this.errors.push(c === 'x' ? 'Invalid 2-char hex escape found' : 'Invalid unicode escape found');
            return -1;
          }
          const code = parseInt(s.substring(i, k), 16);
          if (code <= 0x08 || (code >= 0x0e && code < 0x20) || code > 0x10ffff) out += ' ';
          else out += String.fromCodePoint(code);
          i = k;
          continue;
        }
        out += c === 'n' ? '\n' : c === 't' ? '\t' : c === 'f' ? '\f' : c === 'r' ? '\r' : c;
        i += 2;
        continue;
      }
      if (c === quote) {
        this.push(out);
        return i + 1;
      }
      if (c === '\n' || c === '\r') {
        this.errors.push(`Illegal bare ${charName(c)} character in string literal`);
        return -1;
      }
      out += c;
      i++;
    }
    this.errors.push('Unterminated string');
    return -1;
  }
}

const prec = (t: Token) => (OPERATOR_INFO[(t as number[])[1] as number] as readonly [number, boolean, string])[0];
const rightAssoc = (t: Token) => (OPERATOR_INFO[(t as number[])[1] as number] as readonly [number, boolean, string])[1];
const desc = (t: Token) => (OPERATOR_INFO[(t as number[])[1] as number] as readonly [number, boolean, string])[2];

/** Compiles expression code; `rpn` is null when there are errors. */
export function compileExpression(code: string, limits: ExprLimits): { rpn: Token[][] | null; errors: string[] } {
  const tk = new Tokenizer(limits.maxTokens);
  tk.run(code);
  if (tk.errors.length) return { rpn: null, errors: tk.errors };
  const exprs: Token[][] = [];
  const errors: string[] = [];
  let out: Token[] = [];
  const ops: Token[] = [];
  const flush = (): boolean => {
    while (ops.length) {
      const t = ops.pop();
      if (isOp(t, O.LPRN) || isOp(t, O.RPRN)) {
        errors.push(`Mismatched operator found: ${desc(t)}`);
        return false;
      }
      out.push(t);
    }
    if (out.length) exprs.push(out);
    return true;
  };
  for (const t of tk.tokens) {
    if (isOp(t)) {
      const type = (t as number[])[1];
      if (type === O.SEMI) {
        if (!flush()) return { rpn: null, errors };
        out = [];
      } else if (type === O.LPRN) ops.push(t);
      else if (type === O.COMMA || type === O.RPRN) {
        while (ops.length && !isOp(ops[ops.length - 1], O.LPRN)) out.push(ops.pop());
        if (type === O.RPRN) {
          if (!ops.length) {
            errors.push(`Mismatched operator found: ${desc(t)}`);
            return { rpn: null, errors };
          }
          ops.pop();
          const top = ops.length !== 0 ? ops[ops.length - 1] : undefined;
          if (Array.isArray(top) && top[0] === T.CALL) out.push(ops.pop());
        }
      } else {
        while (ops.length !== 0) {
          const top = ops[ops.length - 1];
          if (isOp(top)) {
            if ((top as number[])[1] === O.LPRN) break;
            if (!(prec(top) > prec(t) || (prec(top) === prec(t) && !rightAssoc(top)))) break;
          }
          out.push(ops.pop());
        }
        ops.push(t);
      }
    } else if (Array.isArray(t) && t[0] === T.CALL) {
      out.push(ARGS_TOKEN);
      ops.push(t);
    } else out.push(t);
  }
  if (!flush()) return { rpn: null, errors };
  return { rpn: exprs, errors };
}

/** Describes an operator token (used in evaluation errors). */
export const operatorDescription = desc;
