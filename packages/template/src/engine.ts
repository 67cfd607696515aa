/** The public engine: compiles templates and renders them against JSON. */
import type { Formatter, FormatterTable, Predicate, PredicateTable } from './plugin-api.js';
import type { Template } from './instructions.js';
import type { TemplateError } from './errors.js';
import { Msg } from './errors.js';
import { Assembler } from './assembler.js';
import { Parser, type ParserRegistry } from './parser.js';
import { NameTable } from './name-table.js';
import { Executor, type ExecutionLimits } from './executor.js';
import { builtinFormatters, builtinPredicates } from './plugins/index.js';
import { getOwn } from './values.js';
import { parseJson } from './parse-json.js';

/** All engine limits; every one has a finite default. */
export interface EngineLimits extends ExecutionLimits {
  /** Maximum template source length in characters. */
  readonly maxTemplateSize: number;
  /** Maximum nesting of block instructions (a deeper template compiles to an empty one). */
  readonly maxNesting: number;
}

/** Default limits (partials nest at most 16 levels, as specified). */
export const DEFAULT_LIMITS: EngineLimits = Object.freeze({
  maxPartialDepth: 16,
  maxOutputSize: 16 * 1024 * 1024,
  maxSteps: 1_000_000,
  maxStringLen: 65_536,
  maxTemplateSize: 1024 * 1024,
  maxTokens: 1000,
  maxNesting: 200,
});

/** Default time zone when the context has no `website.timeZone`. */
export const DEFAULT_TIME_ZONE = 'America/New_York';
/** Default locale when a render does not name one. */
export const DEFAULT_LOCALE = 'en-US';

/** Returns a CLDR instance (`@phensley/cldr` `CLDR`) for a locale, or undefined. */
export type CldrProvider = (locale: string) => unknown;

export interface EngineOptions {
  /** Extra formatters (override built-ins of the same name). */
  readonly formatters?: FormatterTable;
  /** Extra predicates (override built-ins of the same name). */
  readonly predicates?: PredicateTable;
  /** Start without the built-in plugin families. */
  readonly builtins?: boolean;
  /** Supplies CLDR per locale; without it CLDR formatters print nothing. */
  readonly cldr?: CldrProvider;
  readonly limits?: Partial<EngineLimits>;
}

export interface RenderOptions {
  /** The context (root JSON value). */
  readonly json?: unknown;
  /**
   * The context as JSON text, used instead of `json`: parsed with `parseJson`, so numbers
   * print and select plural forms as written (`1.0`). Invalid text is a RuntimeError and
   * renders against an empty context.
   */
  readonly jsonText?: string;
  /** Partials by name: template source or compiled template. */
  readonly partials?: Readonly<Record<string, string | Template>>;
  /** Values for `{.inject @var path}` by path. */
  readonly injects?: Readonly<Record<string, unknown>>;
  /** Locale id, e.g. `en-US`; `none` disables CLDR. */
  readonly locale?: string;
  /** Epoch milliseconds used as "now". */
  readonly now?: number;
  /** Free-form options visible to plugins as `ctx.options`. */
  readonly options?: Readonly<Record<string, unknown>>;
}

export interface CompileResult {
  readonly template: Template;
  readonly errors: readonly TemplateError[];
}

export interface RenderResult {
  readonly output: string;
  readonly errors: readonly TemplateError[];
}

const CACHE_LIMIT = 512;

/** The registered name spelled by `s[start, end)` (the table's copy when it has one), or undefined. */
function resolveName(record: Record<string, unknown>, table: NameTable, s: string, start: number, end: number): string | undefined {
  const known = table.find(s, start, end);
  if (known !== undefined && record[known] !== undefined) return known;
  const name = s.substring(start, end);
  return record[name] !== undefined ? name : undefined;
}

/** A JSON-T engine instance (formatter/predicate registry, limits, caches). */
export class Engine {
  readonly formatters: Record<string, Formatter>;
  readonly predicates: Record<string, Predicate>;
  readonly limits: EngineLimits;
  private readonly cldrProvider: CldrProvider | undefined;
  private readonly cache = new Map<string, CompileResult>();
  private readonly cldrCache = new Map<string, unknown>();
  private readonly formatterNames: NameTable;
  private readonly predicateNames: NameTable;
  private readonly registry: ParserRegistry = {
    formatterName: (s: string, start: number, end: number) => resolveName(this.formatters, this.formatterNames, s, start, end),
    predicateName: (s: string, start: number, end: number) => resolveName(this.predicates, this.predicateNames, s, start, end),
  };

  constructor(options: EngineOptions = {}) {
    const builtins = options.builtins !== false;
    this.formatters = builtins ? builtinFormatters() : (Object.create(null) as Record<string, Formatter>);
    this.predicates = builtins ? builtinPredicates() : (Object.create(null) as Record<string, Predicate>);
    this.formatterNames = new NameTable(Object.keys(this.formatters));
    this.predicateNames = new NameTable(Object.keys(this.predicates));
    if (options.formatters) for (const k of Object.keys(options.formatters)) this.addFormatter(k, options.formatters[k] as Formatter);
    if (options.predicates) for (const k of Object.keys(options.predicates)) this.addPredicate(k, options.predicates[k] as Predicate);
    this.limits = Object.freeze({ ...DEFAULT_LIMITS, ...options.limits });
    this.cldrProvider = options.cldr;
  }

  /** Registers (or replaces) a formatter, usable as `{value|name args}`. */
  addFormatter(name: string, impl: Formatter): void {
    if (!/^[a-zA-Z][a-zA-Z0-9_-]*$/.test(name)) throw new Error(`Invalid formatter name: '${name}'`);
    if (!impl || typeof impl.apply !== 'function') throw new Error(`Formatter '${name}' must have an apply() method`);
    this.formatters[name] = impl;
    this.formatterNames.add(name);
    this.cache.clear();
  }

  /** Registers (or replaces) a predicate; the name must end in `?`, as in `{.name? args}`. */
  addPredicate(name: string, impl: Predicate): void {
    if (!/^[a-zA-Z][a-zA-Z0-9_-]*\?$/.test(name)) throw new Error(`Invalid predicate name: '${name}'`);
    if (!impl || typeof impl.apply !== 'function') throw new Error(`Predicate '${name}' must have an apply() method`);
    this.predicates[name] = impl;
    this.predicateNames.add(name);
    this.cache.clear();
  }

  /** Compiles template source into a reusable instruction tree; errors are returned, never thrown. */
  compile(source: string): CompileResult {
    if (typeof source !== 'string') {
      return { template: [17, 1, [], 1], errors: [{ type: 'SyntaxError', message: 'Template source must be a string', line: 0, column: 0 }] };
    }
    if (source.length > this.limits.maxTemplateSize) {
      return {
        template: [17, 1, [], 1],
        errors: [{ type: 'SyntaxError', message: Msg.templateTooLarge(this.limits.maxTemplateSize), line: 0, column: 0 }],
      };
    }
    const asm = new Assembler(this.limits.maxNesting);
    new Parser(source, asm, this.registry).parse();
    return { template: asm.tooDeep ? [17, 1, [], 1] : asm.root, errors: asm.errors };
  }

  /** Compiles with a bounded cache keyed by source (used for partials and built-in markup). */
  compileCached(source: string): CompileResult {
    let r = this.cache.get(source);
    if (!r) {
      r = this.compile(source);
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(source, r);
    }
    return r;
  }

  /** Renders a compiled template (or source, compiled with caching). Errors are returned, never thrown. */
  render(template: Template | string, options: RenderOptions = {}): RenderResult {
    let compileErrors: readonly TemplateError[] = [];
    if (typeof template === 'string') {
      const r = this.compileCached(template);
      template = r.template;
      compileErrors = r.errors;
    }
    let json = options.json;
    let contextError: string | undefined;
    if (options.jsonText !== undefined) {
      try {
        json = parseJson(options.jsonText);
      } catch (e) {
        json = undefined;
        contextError = `Context is not valid JSON: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
    const website = getOwn(json, 'website');
    const tz = getOwn(website, 'timeZone');
    const locale = options.locale ?? DEFAULT_LOCALE;
    const exec = new Executor(this, {
      json,
      partials: options.partials ?? {},
      injects: options.injects ?? {},
      locale,
      cldr: this.cldrFor(locale),
      now: options.now ?? Date.now(),
      timeZone: typeof tz === 'string' && tz ? tz : DEFAULT_TIME_ZONE,
      options: options.options ?? {},
    });
    if (contextError !== undefined) exec.error(contextError);
    let output = '';
    try {
      output = exec.run(template);
    } catch (e) {
      exec.error(`Unexpected error: ${e instanceof Error ? e.message : String(e)}`);
    }
    return { output, errors: compileErrors.length ? [...compileErrors, ...exec.errors] : exec.errors };
  }

  private cldrFor(locale: string): unknown {
    if (!this.cldrProvider || locale === 'none') return undefined;
    if (this.cldrCache.has(locale)) return this.cldrCache.get(locale);
    let cldr: unknown;
    try {
      cldr = this.cldrProvider(locale);
    } catch {
      cldr = undefined;
    }
    this.cldrCache.set(locale, cldr);
    return cldr;
  }
}
