/** Core predicates: comparisons, parity and plurality. */
import type { PluginContext, Predicate } from '../../plugin-api.js';
import { isTruthy, toPath } from '../../values.js';
import { asNumber, compareValues, deepEqual } from './coerce.js';
import { jsonNumber, plainValue } from '../../json-decimal.js';
import { ArgsMemo } from '../args-memo.js';

const JSON_START = /^["\d[{]|^-\d|^(true|false|null)$/;

/** An argument is a JSON literal when it parses as one, else a variable path. */
const NOT_JSON = Symbol('not-json');
const literals = new Map<string, unknown>();

/** The JSON literal an argument spells, or NOT_JSON (memoised; arguments come from compiled trees). */
function literalOf(arg: string): unknown {
  let v = literals.get(arg);
  if (v === undefined && !literals.has(arg)) {
    v = NOT_JSON;
    if (JSON_START.test(arg)) {
      try {
        v = JSON.parse(arg) as unknown;
      } catch {
        v = NOT_JSON;
      }
    }
    if (literals.size > 5000) literals.clear();
    literals.set(arg, v);
  }
  return v;
}

function argValue(arg: string, ctx: PluginContext): unknown {
  const v = literalOf(arg);
  if (v === NOT_JSON) return ctx.resolve(toPath(arg));
  return v !== null && typeof v === 'object' ? structuredClone(v) : v;
}

/** An argument read once per compiled argument list: a variable path, or a JSON literal. */
type Operand = { readonly path: readonly (string | number)[]; readonly literal?: undefined } | { readonly path: null; readonly literal: unknown };

function operandOf(arg: string): Operand {
  const v = literalOf(arg);
  return v === NOT_JSON ? { path: toPath(arg) } : { path: null, literal: v };
}

/** The first two arguments of a comparison, as operands. */
const OPERANDS = new ArgsMemo((args) => args.slice(0, 2).map(operandOf));

/** The value of an operand: the path resolved now, or (a copy of) the literal. */
function operandValue(op: Operand, ctx: PluginContext): unknown {
  if (op.path !== null) return ctx.resolve(op.path);
  const v = op.literal;
  return v !== null && typeof v === 'object' ? structuredClone(v) : v;
}

/** One argument compares the current node with it; two compare the two arguments. */
function compare(fn: (a: unknown, b: unknown) => boolean): Predicate {
  return {
    apply(args, ctx) {
      if (args.length === 0) return false;
      const ops = OPERANDS.get(args);
      const a = operandValue(ops[0] as Operand, ctx);
      return args.length === 1 ? fn(ctx.node(), a) : fn(a, operandValue(ops[1] as Operand, ctx));
    },
  };
}

function parity(remainder: number): Predicate {
  return {
    apply(args, ctx) {
      const v = args.length >= 1 ? ctx.resolve(args[0] as string) : ctx.node();
      const n = jsonNumber(v);
      return n !== undefined && Math.abs(n) % 2 === remainder;
    },
  };
}

const nth: Predicate = {
  apply(args, ctx) {
    if (args.length === 0) return false;
    let n = plainValue(ctx.node());
    let m = plainValue(argValue(args[0] as string, ctx));
    if (args.length === 2) {
      n = m;
      m = plainValue(argValue(args[1] as string, ctx));
    }
    if (!Number.isInteger(n) || !Number.isInteger(m) || m === 0) return false;
    return Math.abs(n as number) % Math.abs(m as number) === 0;
  },
};

/** Predicates of the core family. */
export const corePredicates: Record<string, Predicate> = {
  'debug?': { apply: (_args, ctx) => isTruthy(ctx.resolve('debug')) },
  'equal?': compare((a, b) => deepEqual(a, b)),
  'notEqual?': compare((a, b) => !deepEqual(a, b)),
  'greaterThan?': compare((a, b) => compareValues(a, b) > 0),
  'greaterThanOrEqual?': compare((a, b) => compareValues(a, b) >= 0),
  'lessThan?': compare((a, b) => compareValues(a, b) < 0),
  'lessThanOrEqual?': compare((a, b) => compareValues(a, b) <= 0),
  'even?': parity(0),
  'odd?': parity(1),
  'nth?': nth,
  'plural?': { apply: (_args, ctx) => asNumber(ctx.node()) > 1 },
  'singular?': { apply: (_args, ctx) => asNumber(ctx.node()) === 1 },
};
