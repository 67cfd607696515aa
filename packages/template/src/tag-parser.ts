/**
 * Tag grammar: parses the body of one `{...}` tag into an instruction and feeds
 * it to the sink; reports whether the tag was valid syntax.
 */
import type { Args, FormatterCall, Inst, Path } from './instructions.js';
import { Op } from './opcodes.js';
import { Msg } from './errors.js';
import {
  matchesAt,
  scanDefinition,
  scanFilePath,
  scanVarRef,
  scanVarSeparator,
  scanWhitespace,
  scanWord,
  splitArgListAt,
  splitArgsAt,
  splitPathAt,
} from './syntax.js';

/** Receives the parsed instruction stream. */
export interface InstructionSink {
  /** `inst` is null for END, ALTERNATES_WITH and EOF. */
  accept(op: number, inst: Inst | null, line: number, col: number): void;
  syntaxError(message: string, line: number, col: number): void;
}

/** Name lookups the parser needs to validate formatter and predicate names. */
export interface ParserRegistry {
  /** The registered formatter name spelled by `s[start, end)`, or undefined when there is none. */
  formatterName(s: string, start: number, end: number): string | undefined;
  /** The registered predicate name (with its `?`) spelled by `s[start, end)`, or undefined. */
  predicateName(s: string, start: number, end: number): string | undefined;
}

const KEYWORDS: Record<string, [string, number][]> = {
  a: [['lternates with', Op.ALTERNATES_WITH]],
  c: [['tx', Op.CTXVAR]],
  e: [
    ['nd', Op.END],
    ['of', Op.EOF],
    ['val', Op.EVAL],
  ],
  i: [
    ['f', Op.IF],
    ['nclude', Op.INCLUDE],
    ['nject', Op.INJECT],
  ],
  m: [
    ['acro', Op.MACRO],
    ['eta-left', Op.META_LEFT],
    ['eta-right', Op.META_RIGHT],
  ],
  n: [['ewline', Op.NEWLINE]],
  o: [['r', Op.OR_PREDICATE]],
  r: [['epeated section', Op.REPEATED]],
  s: [
    ['ection', Op.SECTION],
    ['pace', Op.SPACE],
  ],
  t: [['ab', Op.TAB]],
  v: [['ar', Op.BINDVAR]],
};

/** KEYWORDS indexed by the char code of the first letter (built once). */
const KEYWORD_TABLE: ([string, number][] | undefined)[] = (() => {
  const table: ([string, number][] | undefined)[] = new Array(128).fill(undefined);
  for (const k of Object.keys(KEYWORDS)) table[k.charCodeAt(0)] = KEYWORDS[k];
  return table;
})();

/** A character that continues a word or ends a predicate name: `[a-zA-Z0-9_?-]`. */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 63;
}

/** Parses tag bodies of one template source. */
export class TagParser {
  private tagLine = 1;
  private tagCol = 1;
  /** Offset after the last construct parsed by `variables`. */
  private pos = 0;
  /** First unregistered name met by the last `formatters` call, or null. */
  private unknownFormatter: string | null = null;

  constructor(
    private readonly s: string,
    private readonly sink: InstructionSink,
    private readonly registry: ParserRegistry,
  ) {}

  private emit(op: number, inst: Inst | null): true {
    this.sink.accept(op, inst, this.tagLine, this.tagCol);
    return true;
  }

  /** Parses the tag body `s[start, end)` found at line/col; false when it is not valid syntax. */
  parse(start: number, end: number, line: number, col: number): boolean {
    this.tagLine = line;
    this.tagCol = col;
    const s = this.s;
    const c = s.charCodeAt(start);
    if (c === 35) return this.emit(Op.COMMENT, [Op.COMMENT, s.substring(start + 1, end), 0]);
    if (c !== 46) return this.variable(start, end);
    start++;
    const op = this.keyword(start, end);
    if (op === -1) return this.predicate(Op.PREDICATE, start, end) === 1;
    const i = this.pos;
    switch (op) {
      case Op.ALTERNATES_WITH:
      case Op.END:
      case Op.EOF:
        return i === end && this.emit(op, null);
      case Op.META_LEFT:
      case Op.META_RIGHT:
      case Op.NEWLINE:
      case Op.SPACE:
      case Op.TAB:
        return i === end && this.emit(op, [op] as Inst);
      case Op.BINDVAR:
        return this.bindvar(i, end);
      case Op.CTXVAR:
        return this.ctxvar(i, end);
      case Op.EVAL:
        return this.evalTag(i, end);
      case Op.IF:
        return this.ifTag(i, end);
      case Op.INCLUDE:
        return this.include(i, end);
      case Op.INJECT:
        return this.inject(i, end);
      case Op.MACRO:
        return this.macro(i, end);
      case Op.OR_PREDICATE:
        return this.predicate(Op.OR_PREDICATE, i, end) === 1;
      case Op.REPEATED:
      case Op.SECTION:
        return this.section(op, i, end);
      default:
        return false;
    }
  }

  /**
   * The keyword opcode at `start` when a keyword is spelled there and is not the start of a longer
   * word or of a predicate name (`{.endsWith?}`), setting `pos` after it; else -1. Checking keywords
   * before predicates gives the same result as the grammar's predicate-first order.
   */
  private keyword(start: number, end: number): number {
    const s = this.s;
    const first = s.charCodeAt(start);
    const list = first < 128 ? KEYWORD_TABLE[first] : undefined;
    if (list === undefined) return -1;
    const i = start + 1;
    for (let n = 0; n < list.length; n++) {
      const entry = list[n] as [string, number];
      if (matchesAt(s, i, entry[0])) {
        const after = i + entry[0].length;
        if (after < end && isNameChar(s.charCodeAt(after))) return -1;
        this.pos = after;
        return entry[1];
      }
    }
    return -1;
  }

  private space(i: number, end: number): number {
    return i < end && this.s.charCodeAt(i) === 32 ? i + 1 : -1;
  }

  /** Parses variables `a, b.c` starting at i; returns the paths (and sets `pos` after them) or null. */
  private variables(i: number, end: number): Path[] | null {
    const s = this.s;
    let paths: Path[] | null = null;
    for (;;) {
      const j = scanVarRef(s, i, end);
      if (j === -1) return null;
      const path = splitPathAt(s, i, j);
      const k = scanVarSeparator(s, j, end);
      if (k === -1) {
        this.pos = j;
        if (paths === null) return [path];
        paths.push(path);
        return paths;
      }
      if (paths === null) paths = [path];
      else paths.push(path);
      i = k;
    }
  }

  /** Parses an optional formatter chain that must run to `end`; returns the calls, null when absent, false when malformed. */
  private formatters(i: number, end: number): FormatterCall[] | null | false {
    const s = this.s;
    if (i >= end) return null;
    if (s.charCodeAt(i) !== 124) return false;
    i++;
    let calls: FormatterCall[] | null = null;
    this.unknownFormatter = null;
    for (;;) {
      const j = scanWord(s, i, end);
      if (j === -1) return false;
      let name = this.registry.formatterName(s, i, j);
      if (name === undefined) {
        name = s.substring(i, j);
        if (this.unknownFormatter === null) this.unknownFormatter = name;
      }
      let k = j;
      while (k < end && s.charCodeAt(k) !== 124) k++;
      const call: FormatterCall = k > j ? [name, splitArgListAt(s, j, k), s[j] as string] : [name, [], ''];
      if (calls === null) calls = [call];
      else calls.push(call);
      if (k >= end) return calls;
      i = k + 1;
    }
  }

  private checkFormatters(calls: FormatterCall[] | null): boolean {
    if (calls !== null && this.unknownFormatter !== null) {
      this.sink.syntaxError(Msg.formatterUnknown(this.unknownFormatter), this.tagLine, this.tagCol);
      return false;
    }
    return true;
  }

  private variable(start: number, end: number): boolean {
    const vars = this.variables(start, end);
    if (!vars) return false;
    const fmts = this.formatters(this.pos, end);
    if (fmts === false || !this.checkFormatters(fmts)) return false;
    return this.emit(Op.VARIABLE, [Op.VARIABLE, vars, fmts, this.tagLine, this.tagCol]);
  }

  private args(i: number, end: number): Args | null {
    return i < end ? splitArgsAt(this.s, i, end) : null;
  }

  /** Returns 1 when a predicate instruction was emitted, 0 when the tag failed, -1 when it is not a predicate. */
  private predicate(op: number, i: number, end: number): number {
    const s = this.s;
    let name: string | null = null;
    let args: Args | null = null;
    const space = op === Op.OR_PREDICATE ? this.space(i, end) : -1;
    if (op === Op.PREDICATE || space !== -1) {
      if (space !== -1) i = space;
      const j = scanWord(s, i, end);
      if (j === -1 || s.charCodeAt(j) !== 63) return op === Op.PREDICATE ? -1 : 0;
      name = this.registry.predicateName(s, i, j + 1) ?? null;
      if (name === null) {
        name = s.substring(i, j + 1);
        this.sink.syntaxError(Msg.predicateUnknown(name), this.tagLine, this.tagCol);
      }
      i = j + 1;
      args = this.args(i, end);
      if (args) {
        if (args[0].length === 1 && args[0][0] === '') args = [[], args[1]];
        i = end;
      }
    }
    if (i !== end) return 0;
    if (op === Op.PREDICATE) {
      this.emit(op, [Op.PREDICATE, name as string, args, [], null, this.tagLine, this.tagCol]);
    } else {
      this.emit(op, [Op.OR_PREDICATE, name, args, [], null, this.tagLine, this.tagCol]);
    }
    return 1;
  }

  private bindvar(i: number, end: number): boolean {
    const s = this.s;
    i = this.space(i, end);
    if (i === -1) return false;
    const j = scanDefinition(s, i, end);
    if (j === -1) return false;
    const name = s.substring(i, j);
    const k = this.space(j, end);
    if (k === -1) return false;
    const vars = this.variables(k, end);
    if (!vars) return false;
    const fmts = this.formatters(this.pos, end);
    if (fmts === false || !this.checkFormatters(fmts)) return false;
    return this.emit(Op.BINDVAR, [Op.BINDVAR, name, vars, fmts, this.tagLine, this.tagCol]);
  }

  private ctxvar(i: number, end: number): boolean {
    const s = this.s;
    i = this.space(i, end);
    if (i === -1) return false;
    const j = scanDefinition(s, i, end);
    if (j === -1) return false;
    const name = s.substring(i, j);
    let k = this.space(j, end);
    if (k === -1) return false;
    const bindings: [string, Path][] = [];
    for (;;) {
      const w = scanWord(s, k, end);
      if (w === -1 || s.charCodeAt(w) !== 61) break;
      const r = scanVarRef(s, w + 1, end);
      if (r === -1) break;
      bindings.push([s.substring(k, w), splitPathAt(s, w + 1, r)]);
      const ws = scanWhitespace(s, r, end);
      k = ws === -1 ? r : ws;
    }
    if (!bindings.length || k !== end) return false;
    return this.emit(Op.CTXVAR, [Op.CTXVAR, name, bindings, this.tagLine, this.tagCol]);
  }

  private evalTag(i: number, end: number): boolean {
    const j = scanWhitespace(this.s, i, end);
    if (j === -1) return false;
    let code = this.s.substring(j, end);
    let debug: 0 | 1 = 0;
    if (code.startsWith('#')) {
      code = code.slice(1);
      debug = 1;
    }
    const raw = debug ? '#' + code : code;
    return this.emit(Op.EVAL, [Op.EVAL, raw, null, null, debug, this.tagLine, this.tagCol]);
  }

  private ifTag(i: number, end: number): boolean {
    const s = this.s;
    i = scanWhitespace(s, i, end);
    if (i === -1) return false;
    const pred = this.predicate(Op.PREDICATE, i, end);
    if (pred !== -1) return pred === 1;
    const ops: number[] = [];
    let paths: Path[] | null = null;
    for (;;) {
      const j = scanVarRef(s, i, end);
      if (j === -1) {
        if (ops.length) return false;
        break;
      }
      const path = splitPathAt(s, i, j);
      if (paths === null) paths = [path];
      else paths.push(path);
      i = j;
      let w = scanWhitespace(s, i, end);
      if (w !== -1) i = w;
      const c = i + 1 < end ? s.charCodeAt(i) : 0;
      if ((c !== 38 && c !== 124) || s.charCodeAt(i + 1) !== c) break;
      ops.push(c === 38 ? 1 : 0);
      i += 2;
      w = scanWhitespace(s, i, end);
      if (w !== -1) i = w;
    }
    if (i !== end) return false;
    return this.emit(Op.IF, [Op.IF, ops, paths ?? [], [], null, this.tagLine, this.tagCol]);
  }

  private include(i: number, end: number): boolean {
    if (this.space(i, end) === -1) return false;
    const args = splitArgsAt(this.s, i, end);
    const name = args[0][0] as string;
    args[0] = args[0].slice(1);
    return this.emit(Op.INCLUDE, [Op.INCLUDE, name, args, this.tagLine, this.tagCol]);
  }

  private inject(i: number, end: number): boolean {
    const s = this.s;
    i = this.space(i, end);
    if (i === -1) return false;
    const j = scanDefinition(s, i, end);
    if (j === -1) return false;
    const k = this.space(j, end);
    if (k === -1) return false;
    const f = scanFilePath(s, k, end);
    if (f === -1) return false;
    let args = this.args(f, end);
    if (args && args[0].length === 1 && args[0][0] === '') args = [[], args[1]];
    return this.emit(Op.INJECT, [Op.INJECT, s.substring(i, j), s.substring(k, f), args, this.tagLine, this.tagCol]);
  }

  private macro(i: number, end: number): boolean {
    i = this.space(i, end);
    if (i === -1) return false;
    const f = scanFilePath(this.s, i, end);
    if (f !== end) return false;
    return this.emit(Op.MACRO, [Op.MACRO, this.s.substring(i, f), [], this.tagLine, this.tagCol]);
  }

  private section(op: number, i: number, end: number): boolean {
    i = scanWhitespace(this.s, i, end);
    if (i === -1) return false;
    const j = scanVarRef(this.s, i, end);
    if (j !== end) return false;
    const path = splitPathAt(this.s, i, j);
    if (op === Op.REPEATED) {
      return this.emit(op, [Op.REPEATED, path, [], null, null, this.tagLine, this.tagCol]);
    }
    return this.emit(op, [Op.SECTION, path, [], null, this.tagLine, this.tagCol]);
  }
}
