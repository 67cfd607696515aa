/**
 * The contract between the JSON-T engine and its formatter / predicate plugins.
 *
 * Plugin families live in `src/plugins/<family>/` and each exports a
 * `FormatterTable` and/or `PredicateTable` (null-prototype maps, built with
 * `table()` below). The engine registers the families explicitly; nothing is
 * discovered by magic. This file has no runtime dependencies so that every
 * family can be written against it independently of the executor.
 */

/** One value flowing through a formatter chain. A formatter replaces it with `set`. */
export interface Variable {
  /** The current value (JSON data, or a string produced by an earlier formatter). */
  readonly value: unknown;
  set(value: unknown): void;
}

/** What a formatter or predicate may ask of the running template. */
export interface PluginContext {
  /** The JSON value the cursor points at (the innermost section's node). */
  node(): unknown;
  /**
   * Resolves a variable path exactly as a `{path}` tag would at this point in the
   * template: searches the stack outwards for the first segment, reads own
   * properties only; `@`, `@index`, `@index0` and `@vars` behave as in tags.
   * Accepts `"a.b.0"` or pre-split segments. Missing gives `undefined`.
   */
  resolve(path: string | readonly (string | number)[]): unknown;
  /** Resolves a path relative to a given value (own properties only). */
  resolveFrom(value: unknown, path: string | readonly (string | number)[]): unknown;
  /** The locale id for this execution, e.g. `en-US`; `'none'` means no CLDR. */
  readonly locale: string;
  /** CLDR formatter for the locale (`@phensley/cldr` `CLDR`), or undefined when locale is `none`. */
  readonly cldr: unknown | undefined;
  /** Epoch milliseconds used as "now" (from the case / request). */
  readonly now: number;
  /** The site's time zone: `website.timeZone` from the root context, default America/New_York. */
  readonly timeZone: string;
  /**
   * Renders a named partial (or a compiled template) against `value` as its root node,
   * honouring the partial depth limit. Used by `apply` and by commerce/content
   * formatters that render built-in markup templates. Returns the output text.
   */
  renderPartial(name: string, value: unknown, argsNode?: unknown): string;
  /** Renders template source (built-in markup) against `value`; compiled once and cached. */
  renderTemplate(source: string, value: unknown): string;
  /** Records a RuntimeError (with the current instruction's line and column). */
  error(message: string): void;
  /** Looks up a macro defined with `{.macro name}` in scope, rendered against `value`. */
  renderMacro?(name: string, value: unknown): string | undefined;
  /** Value of an injected file (`{.inject}`) or option. */
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * A formatter: `{value|name arg1 arg2}` calls `apply(['arg1','arg2'], [var], ctx)`.
 * Multi-variable tags `{a,b|name}` pass several variables; most formatters use vars[0].
 */
export interface Formatter {
  apply(args: readonly string[], vars: readonly Variable[], ctx: PluginContext): void;
}

/** A predicate: `{.name? arg1 arg2}` evaluates `apply(args, ctx)` against `ctx.node()`. */
export interface Predicate {
  apply(args: readonly string[], ctx: PluginContext): boolean;
}

export type FormatterTable = Readonly<Record<string, Formatter>>;
export type PredicateTable = Readonly<Record<string, Predicate>>;

/** Builds a frozen null-prototype registry from a plain object literal. */
export function table<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  const out = Object.create(null) as Record<string, T>;
  for (const key of Object.keys(entries)) out[key] = entries[key] as T;
  return Object.freeze(out);
}

/** Convenience: a formatter from a function of the first variable's value. */
export function mapFormatter(fn: (value: unknown, args: readonly string[], ctx: PluginContext) => unknown): Formatter {
  return {
    apply(args, vars, ctx) {
      const first = vars[0];
      if (first) first.set(fn(first.value, args, ctx));
    },
  };
}
