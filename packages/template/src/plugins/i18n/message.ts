import type { CLDR } from '@phensley/cldr';
import type { Formatter, PluginContext } from '../../plugin-api.js';
import { formatMessage } from './message-format.js';
import { splitMessageArg } from './message-args.js';
import { JsonDecimal } from '../../json-decimal.js';
import { ArgsMemo } from '../args-memo.js';
import { ResultMemo } from '../result-memo.js';

/** An executor that can resolve from the frame enclosing the formatted variable. */
interface OuterContext extends PluginContext {
  resolveOuter(path: readonly (string | number)[]): unknown;
}

/** One parsed message argument: its name when it has one, its path as text and split. */
interface MessageArg {
  readonly key: string | undefined;
  readonly path: string;
  readonly segments: readonly (string | number)[];
}

const DIGITS = /^\d+$/;

const MESSAGE_ARGS = new ArgsMemo((args): readonly MessageArg[] =>
  args.map((arg) => {
    const { key, path } = splitMessageArg(arg);
    const segments = path === '@' ? ['@'] : path.split('.').map((seg) => (DIGITS.test(seg) ? Number(seg) : seg));
    return { key, path, segments };
  }),
);

/** Formatted messages per locale, argument list and pattern, then time zone and argument values. */
const RESULTS = new ResultMemo<Map<string, string>>(256);

/** Time zone and argument value combinations kept per pattern before its table starts over. */
const MAX_VALUES = 256;

/**
 * A value's part of a memo key, tagged with its type (strings with their length) so that no two
 * argument lists share a key; undefined for values that are not scalars (those messages are not kept).
 */
function keyPart(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return `s${value.length}:${value}`;
    case 'number':
      return `n${value};`;
    case 'boolean':
      return value ? 't;' : 'f;';
    case 'undefined':
      return 'u;';
    default:
      if (value === null) return 'z;';
      if (value instanceof JsonDecimal) return `d${value.text};`;
      return undefined;
  }
}

/** The formatted messages of one pattern for a locale and argument list, keyed by zone and values. */
function valuesTable(cldr: CLDR, parsed: readonly MessageArg[], pattern: string): Map<string, string> {
  const byPattern = RESULTS.table(cldr, parsed);
  return byPattern.get(pattern) ?? RESULTS.store(byPattern, pattern, new Map());
}

/** Resolves a message argument where the tag stands (outside the formatted variable's own frame). */
function resolveArg(ctx: PluginContext, arg: MessageArg): unknown {
  const outer = ctx as Partial<OuterContext>;
  if (typeof outer.resolveOuter === 'function') return outer.resolveOuter(arg.segments);
  return ctx.resolve(arg.path);
}

/**
 * `{msg|message a b name=path}` (also registered as `plural`): formats the message
 * pattern in the variable with arguments resolved like tags. Positional arguments
 * are numbered in order; `key=path` or `key:path` arguments are also named.
 * A bad pattern or argument records an error and outputs nothing.
 */
export const message: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const cldr = ctx.cldr as CLDR | undefined;
    if (!cldr) {
      first.set('');
      return;
    }
    const v = first.value;
    const pattern = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' || v instanceof JsonDecimal ? String(v) : '';
    const positional: unknown[] = [];
    const named: Record<string, unknown> = {};
    const parsed = MESSAGE_ARGS.get(args);
    let key: string | undefined = `${ctx.timeZone};`;
    for (const arg of parsed) {
      const value = resolveArg(ctx, arg);
      positional.push(value);
      if (arg.key !== undefined) named[arg.key] = value;
      if (key !== undefined) {
        const part = keyPart(value);
        key = part === undefined ? undefined : key + part;
      }
    }
    const results = key === undefined ? undefined : valuesTable(cldr, parsed, pattern);
    const known = results?.get(key as string);
    if (known !== undefined) {
      first.set(known);
      return;
    }
    try {
      const text = formatMessage(cldr, ctx.timeZone, pattern, positional, named);
      if (results !== undefined) {
        if (results.size >= MAX_VALUES) results.clear();
        results.set(key as string, text);
      }
      first.set(text);
    } catch (err) {
      ctx.error(err instanceof Error ? err.message : String(err));
      first.set('');
    }
  },
};
