/**
 * Executes a compiled instruction tree. One `Executor` serves one render call
 * and is also the `PluginContext` handed to formatters and predicates.
 */
import type {
  BindvarInst,
  Block,
  CtxvarInst,
  EvalInst,
  FormatterCall,
  IfInst,
  IncludeInst,
  Inst,
  MacroInst,
  Path,
  PredicateInst,
  RepeatedInst,
  SectionInst,
  Template,
  VariableInst,
} from './instructions.js';
import type { Variable } from './plugin-api.js';
import { Msg } from './errors.js';
import { Op } from './opcodes.js';
import type { Frame } from './frame.js';
import { getChild, isTruthy, printValue } from './values.js';
import { compileExpression, evaluate, describeExpression } from './expr/index.js';
import { Scope } from './scope.js';

export type { ExecutorHost, ExecutionLimits, ExecutionInput } from './scope.js';

const EMPTY_ARGS: readonly string[] = [];
const hasOwn = Object.prototype.hasOwnProperty;

class Var implements Variable {
  constructor(public value: unknown) {}
  set(value: unknown): void {
    this.value = value;
  }
}

/** Runs one template; construct per render. */
export class Executor extends Scope {
  /** Executes the template against the root JSON and returns the output. */
  run(template: Template): string {
    this.pushNode(this.input.json);
    this.block(template[2]);
    return this.out;
  }

  // ---- execution ---------------------------------------------------------

  protected block(block: Block): void {
    const limits = this.host.limits;
    for (let i = 0; i < block.length; i++) {
      if (this.halted) return;
      const inst = block[i] as Inst;
      if (inst[0] === Op.TEXT) this.out += inst[1];
      else {
        if (++this.steps > limits.maxSteps) {
          this.halt(`Execution exceeded the maximum of ${limits.maxSteps} steps`);
          return;
        }
        this.exec(inst);
      }
      if (this.out.length > limits.maxOutputSize) {
        this.halt(Msg.outputTooLarge(limits.maxOutputSize));
        return;
      }
    }
  }

  private halt(message: string): void {
    this.error(message);
    this.halted = true;
  }

  private exec(inst: Inst): void {
    switch (inst[0]) {
      case Op.VARIABLE:
        return this.variable(inst as VariableInst);
      case Op.SECTION:
        return this.section(inst as SectionInst);
      case Op.REPEATED:
        return this.repeated(inst as RepeatedInst);
      case Op.PREDICATE:
      case Op.OR_PREDICATE:
        return this.predicate(inst as PredicateInst);
      case Op.BINDVAR:
        return this.bindvar(inst as BindvarInst);
      case Op.IF:
        return this.ifInst(inst as IfInst);
      case Op.INJECT: {
        const injects = this.input.injects;
        const file = inst[2] as string;
        this.setVar(inst[1] as string, hasOwn.call(injects, file) ? injects[file] : undefined);
        return;
      }
      case Op.MACRO: {
        const f = this.frame();
        if (f.macros === null) f.macros = new Map();
        f.macros.set(inst[1] as string, inst);
        return;
      }
      case Op.META_LEFT:
        this.out += '{';
        return;
      case Op.META_RIGHT:
        this.out += '}';
        return;
      case Op.NEWLINE:
        this.out += '\n';
        return;
      case Op.SPACE:
        this.out += ' ';
        return;
      case Op.TAB:
        this.out += '\t';
        return;
      case Op.CTXVAR:
        return this.ctxvar(inst as CtxvarInst);
      case Op.EVAL:
        return this.evalInst(inst as EvalInst);
      case Op.INCLUDE:
        return this.include(inst as IncludeInst);
      default:
        return;
    }
  }

  private alternate(alt: Inst | null): void {
    if (alt !== null) this.exec(alt);
  }

  private applyFormatters(calls: FormatterCall[], vars: Var[]): void {
    const table = this.host.formatters;
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i] as FormatterCall;
      const impl = table[call[0]];
      if (impl === undefined) continue;
      try {
        impl.apply(call[2] === '' ? EMPTY_ARGS : call[1], vars, this);
      } catch (e) {
        this.error(Msg.unexpected(e instanceof Error ? e.name : 'Error', Op.VARIABLE, e instanceof Error ? e.message : String(e)));
      }
    }
  }

  private resolveVars(paths: Path[]): Var[] {
    const vars = new Array<Var>(paths.length);
    for (let i = 0; i < paths.length; i++) vars[i] = new Var(this.resolvePath(paths[i] as Path));
    return vars;
  }

  private variable(inst: VariableInst): void {
    const calls = inst[2];
    if (calls === null) {
      const v = this.resolvePath(inst[1][0] as Path);
      if (typeof v === 'string') this.out += v;
      else if (v !== undefined && v !== null) this.out += printValue(v);
      return;
    }
    this.line = inst[3];
    this.col = inst[4];
    const vars = this.resolveVars(inst[1]);
    this.pushNode((vars[0] as Var).value);
    this.applyFormatters(calls, vars);
    this.depth--;
    this.out += printValue((vars[0] as Var).value);
  }

  private section(inst: SectionInst): void {
    const path = inst[1];
    let node = this.resolveName(path[0] as string | number, this.frame());
    for (let i = 1; i < path.length && node !== undefined; i++) {
      node = node === null ? undefined : getChild(node, path[i] as string | number);
    }
    this.pushNode(node);
    if (isTruthy(node)) this.block(inst[2]);
    else this.alternate(inst[3]);
    this.depth--;
  }

  private repeated(inst: RepeatedInst): void {
    const path = inst[1];
    let node = this.resolveName(path[0] as string | number, this.frame());
    for (let i = 1; i < path.length && node !== undefined; i++) {
      node = node === null ? undefined : getChild(node, path[i] as string | number);
    }
    if (!Array.isArray(node) || node.length === 0) {
      this.alternate(inst[3]);
      return;
    }
    this.pushNode(node);
    const arrayFrame = this.frame();
    const body = inst[2];
    const between = inst[4];
    const last = node.length - 1;
    for (let i = 0; i <= last; i++) {
      arrayFrame.index = i;
      this.pushNode(node[i]);
      this.block(body);
      if (between !== null && i < last) this.block(between);
      this.depth--;
      if (this.halted) break;
    }
    this.depth--;
  }

  private predicate(inst: PredicateInst): void {
    const name = inst[1];
    if (name === null) {
      this.block(inst[3]);
      return;
    }
    this.line = inst[5];
    this.col = inst[6];
    const impl = this.host.predicates[name];
    let result = false;
    if (impl !== undefined) {
      try {
        result = impl.apply(inst[2] === null ? EMPTY_ARGS : inst[2][0], this) === true;
      } catch (e) {
        this.error(Msg.unexpected(e instanceof Error ? e.name : 'Error', inst[0], e instanceof Error ? e.message : String(e)));
      }
    }
    if (result) this.block(inst[3]);
    else this.alternate(inst[4]);
  }

  private bindvar(inst: BindvarInst): void {
    this.line = inst[4];
    this.col = inst[5];
    const vars = this.resolveVars(inst[2]);
    if (inst[3] !== null) this.applyFormatters(inst[3], vars);
    this.setVar(inst[1], (vars[0] as Var).value);
  }

  private ifInst(inst: IfInst): void {
    const ops = inst[1];
    const paths = inst[2];
    if (paths.length === 0) {
      this.line = inst[5];
      this.col = inst[6];
      this.error(Msg.emptyIf);
      return;
    }
    let result = isTruthy(this.resolvePath(paths[0] as Path));
    for (let i = 1; i < paths.length; i++) {
      const value = isTruthy(this.resolvePath(paths[i] as Path));
      const op = ops[i - 1];
      result = op === 1 ? result && value : result || value;
      if (op === 1 ? !result : result) break;
    }
    if (result) this.block(inst[3]);
    else this.alternate(inst[4]);
  }

  private ctxvar(inst: CtxvarInst): void {
    const bindings: Record<string, unknown> = {};
    for (const [key, path] of inst[2]) {
      const v = this.resolvePath(path);
      bindings[key] = v === undefined ? null : v;
    }
    this.setVar(inst[1], bindings);
  }

  private evalInst(inst: EvalInst): void {
    this.line = inst[5];
    this.col = inst[6];
    const code = inst[4] ? inst[1].slice(1) : inst[1];
    let errors = inst[3];
    if (errors === null) {
      const compiled = compileExpression(code, this.host.limits);
      inst[2] = compiled.rpn;
      inst[3] = errors = compiled.errors;
    }
    const rpn = inst[2];
    if (inst[4]) this.out += `EVAL=${describeExpression(rpn ?? [])}`;
    if (rpn === null) {
      for (const e of errors) this.error(Msg.expressionParse(code, e));
      return;
    }
    const before = this.errorCount;
    this.evalCode = code;
    this.pushNode(this.frame().node);
    const r = evaluate(this, code, rpn, this.host.limits.maxStringLen);
    const vars = this.frame().vars;
    this.depth--;
    if (this.errorCount !== before) return;
    if (vars !== null) for (const [k, v] of vars) this.setVar(k, v);
    if (r !== undefined) {
      if (inst[4]) this.out += ' -> ';
      this.out += printValue(r);
    }
  }

  private include(inst: IncludeInst): void {
    this.line = inst[3];
    this.col = inst[4];
    const name = inst[1];
    const code = this.getPartial(name);
    if (!code) {
      this.error(Msg.partialMissing(name));
      return;
    }
    const output = inst[2][0].includes('output');
    const saved = this.out;
    if (!output) this.out = '';
    if (this.enterPartial(name)) {
      this.block(code[0] === Op.ROOT ? code[2] : (code as MacroInst)[2]);
      this.partialDepth--;
    }
    if (!output) this.out = saved;
  }
}
