import type { CLDR } from '@phensley/cldr';
import type { Formatter, PluginContext } from '../../plugin-api';
import { formatMessage } from './message-format';
import { splitMessageArg } from './message-args';
import { JsonDecimal } from '../../json-decimal';

/** An executor that can resolve from the frame enclosing the formatted variable. */
interface OuterContext extends PluginContext {
  resolveOuter(path: readonly (string | number)[]): unknown;
}

/** Resolves a message argument where the tag stands (outside the formatted variable's own frame). */
function resolveArg(ctx: PluginContext, path: string): unknown {
  const outer = ctx as Partial<OuterContext>;
  if (typeof outer.resolveOuter === 'function') {
    const segments = path === '@' ? ['@'] : path.split('.').map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg));
    return outer.resolveOuter(segments);
  }
  return ctx.resolve(path);
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
    for (const arg of args) {
      const { key, path } = splitMessageArg(arg);
      const value = resolveArg(ctx, path);
      positional.push(value);
      if (key !== undefined) named[key] = value;
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
