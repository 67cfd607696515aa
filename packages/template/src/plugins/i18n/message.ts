import type { CLDR } from '@phensley/cldr';
import type { Formatter, PluginContext } from '../../plugin-api';
import { formatMessage } from './message-format';
import { splitMessageArg } from './message-args';
import { JsonDecimal } from '../../json-decimal';
import { ArgsMemo } from '../args-memo';

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
    const positional: unknown[] = [];
    const named: Record<string, unknown> = {};
    for (const arg of MESSAGE_ARGS.get(args)) {
      const value = resolveArg(ctx, arg);
      positional.push(value);
      if (arg.key !== undefined) named[arg.key] = value;
    }
    const v = first.value;
    const pattern = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' || v instanceof JsonDecimal ? String(v) : '';
    try {
      first.set(formatMessage(cldr, ctx.timeZone, pattern, positional, named));
    } catch (err) {
      ctx.error(err instanceof Error ? err.message : String(err));
      first.set('');
    }
  },
};
