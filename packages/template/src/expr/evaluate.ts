/**
 * Expression evaluator: reduces compiled reverse-polish expressions against the
 * running context. Values are JSON primitives; variable references are resolved
 * when an operator or function consumes them.
 */
import { O, OPERATOR_INFO, T } from './operators.js';
import type { Path } from '../instructions.js';
import { JsonDecimal } from '../json-decimal.js';

/** What the evaluator needs from the running template. */
export interface ExprScope {
  resolvePath(path: Path): unknown;
  setVar(name: string, value: unknown): void;
  exprError(message: string): void;
}

type Lit = number | string | boolean | null;

/** Converts a token value to a number following the expression rules. */
export function asNumber(v: Lit): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null) return 0;
  if (!v) return 0;
  const len = v.length;
  let i = 0;
  if (v[0] === '-' || v[0] === '+') i++;
  if (i === len) return NaN;
  const c = v[i] as string;
  if (c === '0' && (v[i + 1] === 'x' || v[i + 1] === 'X')) {
    let j = i + 2;
    while (j < len && /[0-9a-fA-F]/.test(v[j] as string)) j++;
    return j === len ? parseInt(v, 16) : NaN;
  }
  if (c < '0' || c > '9') return NaN;
  let j = i;
  let dot = false;
  let exp = false;
  let expDigit = false;
  let expSign = false;
  for (; j < len; j++) {
    const d = v[j] as string;
    if (d === '.') {
      if (dot || exp) return NaN;
      dot = true;
    } else if (d === 'e' || d === 'E') {
      if (exp) break;
      exp = expDigit = true;
    } else if (d === '-' || d === '+') {
      if (!expDigit || !exp || expSign) break;
      expSign = true;
    } else if (d >= '0' && d <= '9') expDigit = false;
    else break;
  }
  return j === len && !expDigit ? parseFloat(v) : NaN;
}

const asBool = (v: Lit): boolean => (typeof v === 'boolean' ? v : v === null ? false : !!v);
const asString = (v: Lit): string => (v === null ? 'null' : typeof v === 'string' ? v : String(v));

const ARGS_MARK = T.ARGS;

/** Converts a stack entry to a literal, resolving variables; undefined when not a usable value. */
function literal(scope: ExprScope, t: unknown): Lit | undefined {
  if (t === undefined) return undefined;
  if (t === null || typeof t !== 'object') return t as Lit;
  const arr = t as unknown[];
  if (arr[0] === T.VAR) {
    const v = scope.resolvePath(arr[1] as Path);
    if (v === undefined || v === null) return null;
    const type = typeof v;
    if (type === 'string' || type === 'number' || type === 'boolean') return v as Lit;
    return v instanceof JsonDecimal ? v.value : undefined;
  }
  if (arr[0] === T.SPECIAL) return Number(arr[1]);
  return undefined;
}

function callFunction(name: string, args: Lit[]): Lit | undefined {
  if (!args.length) return undefined;
  switch (name) {
    case 'max':
    case 'min': {
      let best = asNumber(args[0] as Lit);
      for (let i = 1; i < args.length; i++) {
        const n = asNumber(args[i] as Lit);
        best = (name === 'max' ? best > n : best < n) ? best : n;
      }
      return best;
    }
    case 'abs':
      return Math.abs(asNumber(args[0] as Lit));
    case 'num':
      return asNumber(args[0] as Lit);
    case 'str':
      return asString(args[0] as Lit);
    case 'bool':
      return asBool(args[0] as Lit);
    default:
      return undefined;
  }
}

function binary(type: number, a: Lit, b: Lit): Lit | undefined {
  switch (type) {
    case O.MUL:
      return asNumber(a) * asNumber(b);
    case O.DIV:
      return asNumber(a) / asNumber(b);
    case O.SUB:
      return asNumber(a) - asNumber(b);
    case O.POW:
      return Math.pow(asNumber(a), asNumber(b));
    case O.MOD:
      return asNumber(a) % asNumber(b);
    case O.SHL:
      return asNumber(a) << asNumber(b);
    case O.SHR:
      return asNumber(a) >> asNumber(b);
    case O.LT:
      return (a as number) < (b as number);
    case O.LTEQ:
      return (a as number) <= (b as number);
    case O.GT:
      return (a as number) > (b as number);
    case O.GTEQ:
      return (a as number) >= (b as number);
    case O.EQ:
      return a == b;
    case O.NEQ:
      return a != b;
    case O.SEQ:
      return a === b;
    case O.SNEQ:
      return a !== b;
    case O.BAND:
      return asNumber(a) & asNumber(b);
    case O.BXOR:
      return asNumber(a) ^ asNumber(b);
    case O.BOR:
      return asNumber(a) | asNumber(b);
    case O.LAND:
      return asBool(a) && asBool(b);
    case O.LOR:
      return asBool(a) || asBool(b);
    default:
      return undefined;
  }
}

/**
 * Evaluates one compiled expression; returns its value (undefined = no value).
 * Errors are reported through the scope.
 */
function reduceOne(scope: ExprScope, code: string, rpn: unknown[], maxStringLen: number, stack: unknown[]): unknown {
  stack.length = 0;
  loop: for (let i = 0; i < rpn.length; i++) {
    const t = rpn[i];
    if (t === null || typeof t !== 'object') {
      stack.push(t);
      continue;
    }
    const tok = t as unknown[];
    const kind = tok[0];
    if (kind === T.VAR || kind === T.ARGS || kind === T.SPECIAL) {
      stack.push(t);
      continue;
    }
    if (kind === T.CALL) {
      const args: Lit[] = [];
      for (;;) {
        if (!stack.length) break;
        const top = stack[stack.length - 1];
        if (top === undefined || (Array.isArray(top) && top[0] === ARGS_MARK)) break;
        const arg = literal(scope, stack.pop());
        if (arg !== undefined) args.push(arg);
      }
      stack.pop();
      args.reverse();
      const r = callFunction(tok[1] as string, args);
      if (r === undefined) {
        scope.exprError(`Error calling function ${String(tok[1])}`);
        break;
      }
      stack.push(r);
      continue;
    }
    const type = tok[1] as number;
    const n = stack.length;
    switch (type) {
      case O.MINUS:
      case O.PLUS:
      case O.LNOT:
      case O.BNOT: {
        if (!n) continue;
        const arg = literal(scope, stack[n - 1]);
        stack[n - 1] =
          arg === undefined
            ? undefined
            : type === O.MINUS
              ? -1 * asNumber(arg)
              : type === O.PLUS
                ? asNumber(arg)
                : type === O.LNOT
                  ? !asBool(arg)
                  : ~asNumber(arg);
        continue;
      }
      case O.ASN: {
        const b = literal(scope, stack.pop());
        const a = stack.pop();
        if (Array.isArray(a) && a[0] === T.VAR && b !== undefined) {
          const path = a[1] as Path;
          const name = path[0];
          if (path.length === 1 && typeof name === 'string' && name[0] === '@') scope.setVar(name, b);
        }
        if (stack.length) stack[stack.length - 1] = undefined;
        break loop;
      }
    }
    const b = literal(scope, stack.pop());
    const a = literal(scope, stack.pop());
    if (a === undefined || b === undefined) {
      scope.exprError(`Invalid arguments to operator ${(OPERATOR_INFO[type] as readonly [number, boolean, string])[2]}`);
      break;
    }
    let r: Lit | undefined;
    if (type === O.ADD) {
      if (typeof a === 'string' || typeof b === 'string') {
        const sa = asString(a);
        const sb = asString(b);
        if (maxStringLen > 0 && sa.length + sb.length > maxStringLen) {
          scope.exprError(`Concatenation would exceed maximum string length ${maxStringLen}`);
          break;
        }
        r = sa + sb;
      } else r = asNumber(a) + asNumber(b);
    } else r = binary(type, a, b);
    if (r === undefined) {
      scope.exprError(`Unexpected operator found during evaluation: ${(OPERATOR_INFO[type] as readonly [number, boolean, string])[2]}`);
      if (stack.length) stack[stack.length - 1] = undefined;
      break;
    }
    stack.push(r);
  }
  if (!stack.length) return undefined;
  const top = stack[stack.length - 1];
  if (top === undefined) return undefined;
  const v = literal(scope, top);
  if (v === undefined) {
    scope.exprError('Reduce error: unexpected token on stack');
    return undefined;
  }
  return v;
}

/** Evaluates all `;`-separated expressions; the last one's value is the result. */
export function evaluate(scope: ExprScope, code: string, rpn: unknown[][], maxStringLen: number): unknown {
  const stack: unknown[] = [];
  let r: unknown = undefined;
  for (let i = 0; i < rpn.length; i++) r = reduceOne(scope, code, rpn[i] as unknown[], maxStringLen, stack);
  return r;
}
