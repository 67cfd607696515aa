/**
 * Execution state shared by the executor: the frame stack, variable resolution,
 * error collection and partial/macro lookup. Also the `PluginContext` handed to
 * formatters and predicates.
 */
import type { Block, MacroInst, Template } from './instructions.js';
import type { FormatterTable, PluginContext, PredicateTable } from './plugin-api.js';
import type { TemplateError } from './errors.js';
import { Msg } from './errors.js';
import { Op } from './opcodes.js';
import { Frame } from './frame.js';
import { getChild, getOwn, resolveFrom, toPath } from './values.js';
import type { ExprScope } from './expr/index.js';

/** What the executor needs from the engine that created it. */
export interface ExecutorHost {
  readonly formatters: FormatterTable;
  readonly predicates: PredicateTable;
  readonly limits: ExecutionLimits;
  /** Compiles (with caching) a partial or built-in template source. */
  compileCached(source: string): { template: Template; errors: readonly TemplateError[] };
}

/** Finite limits that keep any template/context combination from running away. */
export interface ExecutionLimits {
  readonly maxPartialDepth: number;
  readonly maxOutputSize: number;
  readonly maxSteps: number;
  readonly maxStringLen: number;
  /** Maximum tokens in one `{.eval}` expression. */
  readonly maxTokens: number;
}

/** Per-render inputs. */
export interface ExecutionInput {
  readonly json: unknown;
  readonly partials: Readonly<Record<string, string | Template>>;
  readonly injects: Readonly<Record<string, unknown>>;
  readonly locale: string;
  readonly cldr: unknown;
  readonly now: number;
  readonly timeZone: string;
  readonly options: Readonly<Record<string, unknown>>;
}

const EMPTY_TEMPLATE: Template = [Op.ROOT, 1, [], 1];
const hasOwn = Object.prototype.hasOwnProperty;
const MAX_ERRORS = 1000;

/** Frame stack, lookups, errors and partials for one render. */
export abstract class Scope implements PluginContext, ExprScope {
  readonly errors: TemplateError[] = [];
  readonly locale: string;
  readonly cldr: unknown;
  readonly now: number;
  readonly timeZone: string;
  readonly options: Readonly<Record<string, unknown>>;
  protected out = '';
  protected readonly frames: Frame[] = [];
  protected depth = -1;
  protected line = 0;
  protected col = 0;
  protected steps = 0;
  protected halted = false;
  protected partialDepth = 0;
  private parsedPartials: Map<string, Template> | null = null;
  protected evalCode = '';
  protected errorCount = 0;

  constructor(
    protected readonly host: ExecutorHost,
    protected readonly input: ExecutionInput,
  ) {
    this.locale = input.locale;
    this.cldr = input.cldr;
    this.now = input.now;
    this.timeZone = input.timeZone;
    this.options = input.options;
  }

  // ---- stack -------------------------------------------------------------

  protected pushNode(node: unknown): void {
    const d = ++this.depth;
    let f = this.frames[d];
    if (!f) f = this.frames[d] = new Frame();
    f.reset(node);
  }

  protected frame(): Frame {
    return this.frames[this.depth] as Frame;
  }

  protected resolveName(name: string | number, f: Frame): unknown {
    if (typeof name === 'string' && name.charCodeAt(0) === 64) {
      if (name.length === 1) return f.node;
      if (name === '@index') return f.index === -1 ? undefined : f.index + 1;
      if (name === '@index0') return f.index === -1 ? undefined : f.index;
      return f.vars === null ? undefined : f.vars.get(name);
    }
    return getOwn(f.node, name);
  }

  /** Resolves a path the way a `{path}` tag does. */
  resolvePath(path: readonly (string | number)[]): unknown {
    return this.resolveAt(path, this.depth);
  }

  /** Resolves a path starting one frame below the current one (the formatter's caller). */
  resolveOuter(path: readonly (string | number)[]): unknown {
    return this.resolveAt(path, this.depth > 0 ? this.depth - 1 : 0);
  }

  private resolveAt(path: readonly (string | number)[], top: number): unknown {
    const len = path.length;
    if (len === 0) return undefined;
    const first = path[0] as string | number;
    let v: unknown;
    const frames = this.frames;
    if (first === '@') v = (frames[top] as Frame).node;
    else if (typeof first === 'string' && first.charCodeAt(0) === 64) {
      for (let d = top; d >= 0; d--) {
        const f = frames[d] as Frame;
        v = this.resolveName(first, f);
        if (v !== undefined || f.stop) break;
      }
    } else {
      // A plain name: own properties of each frame's node, innermost first (`resolveName` without the `@` cases).
      for (let d = top; d >= 0; d--) {
        const f = frames[d] as Frame;
        v = getOwn(f.node, first);
        if (v !== undefined || f.stop) break;
      }
    }
    for (let i = 1; i < len; i++) {
      if (v === undefined || v === null) return undefined;
      v = getChild(v, path[i] as string | number);
    }
    return v;
  }

  setVar(name: string, value: unknown): void {
    const f = this.frame();
    if (f.vars === null) f.vars = new Map();
    f.vars.set(name, value);
  }

  // ---- PluginContext -----------------------------------------------------

  node(): unknown {
    return this.frame().node;
  }

  resolve(path: string | readonly (string | number)[]): unknown {
    return this.resolvePath(toPath(path));
  }

  resolveFrom(value: unknown, path: string | readonly (string | number)[]): unknown {
    return resolveFrom(value, toPath(path));
  }

  error(message: string): void {
    this.errorCount++;
    const n = this.errors.length;
    if (n > MAX_ERRORS) return;
    this.errors.push(
      n === MAX_ERRORS
        ? { type: 'RuntimeError', message: `Too many errors; stopped recording after ${MAX_ERRORS}`, line: this.line, column: this.col }
        : { type: 'RuntimeError', message, line: this.line, column: this.col },
    );
  }

  exprError(message: string): void {
    this.error(Msg.expressionReduce(this.evalCode, message));
  }

  renderPartial(name: string, value: unknown, argsNode?: unknown): string {
    return this.applyPartial(name, value, argsNode, false) ?? '';
  }

  renderTemplate(source: string, value: unknown): string {
    const { template, errors } = this.host.compileCached(source);
    for (const e of errors) this.error(e.message);
    if (!this.enterPartial('<template>')) return '';
    const saved = this.out;
    this.out = '';
    this.pushNode(value);
    this.block(template[2]);
    this.depth--;
    this.partialDepth--;
    const text = this.out;
    this.out = saved;
    return text;
  }

  renderMacro(name: string, value: unknown): string | undefined {
    const macro = this.findMacro(name);
    if (!macro) return undefined;
    return this.applyPartial(name, value, undefined, false) ?? '';
  }

  /**
   * Runs a partial or macro against `value` in a new frame and returns its text,
   * or undefined when it is missing or too deep (errors recorded).
   */
  applyPartial(name: string, value: unknown, args: unknown, isPrivate: boolean): string | undefined {
    const code = this.getPartial(name);
    if (!code) {
      this.error(Msg.partialMissing(name));
      return undefined;
    }
    if (!this.enterPartial(name)) return undefined;
    const saved = this.out;
    this.out = '';
    this.pushNode(value);
    const f = this.frame();
    f.stop = isPrivate;
    if (args !== undefined) this.setVar('@args', args);
    this.block(code[0] === Op.ROOT ? code[2] : (code as MacroInst)[2]);
    this.depth--;
    this.partialDepth--;
    const text = this.out;
    this.out = saved;
    return text;
  }

  protected enterPartial(name: string): boolean {
    if (this.partialDepth >= this.host.limits.maxPartialDepth) {
      this.error(Msg.partialRecursion(name, this.host.limits.maxPartialDepth));
      return false;
    }
    this.partialDepth++;
    return true;
  }

  protected findMacro(name: string): MacroInst | undefined {
    for (let d = this.depth; d >= 0; d--) {
      const m = (this.frames[d] as Frame).macros;
      if (m !== null) {
        const inst = m.get(name);
        if (inst) return inst as MacroInst;
      }
    }
    return undefined;
  }

  protected getPartial(name: string): Template | MacroInst | undefined {
    const macro = this.findMacro(name);
    if (macro) return macro;
    const cache = this.parsedPartials ?? (this.parsedPartials = new Map());
    const cached = cache.get(name);
    if (cached) return cached;
    const partials = this.input.partials;
    if (!hasOwn.call(partials, name)) return undefined;
    const raw = partials[name];
    let tree: Template;
    if (typeof raw === 'string') {
      const { template, errors } = this.host.compileCached(raw);
      if (errors.length) {
        for (const e of errors) this.error(Msg.partialParseFail(name, `${e.type}: ${e.message}`));
        tree = EMPTY_TEMPLATE;
      } else tree = template;
    } else if (Array.isArray(raw) && raw[0] === Op.ROOT) tree = raw;
    else return undefined;
    cache.set(name, tree);
    return tree;
  }

  /** Executes a block of instructions (implemented by the executor). */
  protected abstract block(block: Block): void;
}
