import type { Formatter, PluginContext, Predicate, Variable } from '../../plugin-api.js';
import { getPath, getProp } from './values.js';

/** Options of a {@link fakeContext}: the section stack (outermost first) and special variables. */
export interface FakeContextOptions {
  readonly stack: readonly unknown[];
  readonly index?: number;
}

function parts(path: string | readonly (string | number)[]): readonly (string | number)[] {
  return typeof path === 'string' ? path.split('.') : path;
}

/**
 * A minimal {@link PluginContext} for unit tests of plugin families: resolves like a tag does
 * (first segment searched from the innermost node outwards, own properties only).
 */
export function fakeContext(options: FakeContextOptions): PluginContext & { readonly errors: string[] } {
  const { stack } = options;
  const errors: string[] = [];
  const ctx: PluginContext & { readonly errors: string[] } = {
    errors,
    node: () => stack[stack.length - 1],
    resolve(path) {
      const segs = parts(path);
      const head = segs[0];
      if (head === undefined) return undefined;
      if (head === '@') return getPath(stack[stack.length - 1], segs.slice(1));
      if (head === '@index') return options.index;
      for (let i = stack.length - 1; i >= 0; i--) {
        if (getProp(stack[i], head) !== undefined) return getPath(stack[i], segs);
      }
      return undefined;
    },
    resolveFrom: (value, path) => getPath(value, parts(path)),
    locale: 'en-US',
    cldr: undefined,
    now: 0,
    timeZone: 'America/New_York',
    renderPartial: () => '',
    renderTemplate: () => '',
    error: (message) => void errors.push(message),
    options: {},
  };
  return ctx;
}

/** Runs a formatter on `value` with the context's stack and returns the resulting value. */
export function runFormatter(formatter: Formatter, value: unknown, args: readonly string[], ctx: PluginContext): unknown {
  let current = value;
  const variable: Variable = {
    get value() {
      return current;
    },
    set(next) {
      current = next;
    },
  };
  formatter.apply(args, [variable], ctx);
  return current;
}

/** Evaluates a predicate with `node` as the innermost section node above `outer`. */
export function runPredicate(predicate: Predicate | undefined, node: unknown, args: readonly string[] = [], outer: readonly unknown[] = []): boolean {
  if (!predicate) throw new Error('predicate not registered');
  return predicate.apply(args, fakeContext({ stack: [...outer, node] }));
}
