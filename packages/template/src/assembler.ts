/** Weaves the parser's flat instruction stream into the nested instruction tree. */
import type { Inst, OrPredicateInst, RootInst } from './instructions.js';
import type { InstructionSink } from './parser.js';
import type { TemplateError } from './errors.js';
import { Msg } from './errors.js';
import { Op } from './opcodes.js';

type Container = Exclude<Inst, { length: 2 | 3 | 1 }> | RootInst;

/** Index of the body block inside a container instruction. */
function bodyIndex(op: number): number {
  return op === Op.PREDICATE || op === Op.OR_PREDICATE || op === Op.IF ? 3 : 2;
}

/** Index of the alternate slot, or -1 when the container has none. */
function altIndex(op: number): number {
  switch (op) {
    case Op.SECTION:
    case Op.REPEATED:
      return 3;
    case Op.PREDICATE:
    case Op.OR_PREDICATE:
    case Op.IF:
      return 4;
    default:
      return -1;
  }
}

interface Open {
  inst: Container;
  /** Slot of `inst` that receives the instructions collected since `start`: the body, or a REPEATED's alternates-with block. */
  slot: number;
  /** Where this block's instructions begin in the assembler's pending list. */
  start: number;
  line: number;
  col: number;
}

/**
 * Builds the tree and collects SyntaxErrors. Instructions of the open blocks wait in one
 * pending list; when a block's run ends, they are copied out into an array of exactly their
 * number (arrays grown by `push` keep spare capacity).
 */
export class Assembler implements InstructionSink {
  readonly root: RootInst = [Op.ROOT, 1, [], 0];
  readonly errors: TemplateError[] = [];
  private readonly pending: Inst[] = [];
  /** Number of instructions in `pending` (entries past it are stale). */
  private pendingCount = 0;
  /** Open blocks by depth (entry 0 is the root); entries are reused as blocks open and close. */
  private readonly open: Open[] = [{ inst: this.root, slot: 2, start: 0, line: 1, col: 1 }];
  private depth = 0;
  private done = false;
  private deadAfterEof = false;
  /** Set when blocks nest deeper than allowed; the tree must not be executed. */
  tooDeep = false;

  constructor(private readonly maxNesting: number = Infinity) {}

  syntaxError(message: string, line: number, col: number): void {
    this.errors.push({ type: 'SyntaxError', message, line, column: col });
  }

  /** Moves the instructions collected for `open` into its slot. */
  private close(open: Open): void {
    const end = this.pendingCount;
    (open.inst as unknown as unknown[])[open.slot] = end > open.start ? this.pending.slice(open.start, end) : [];
    this.pendingCount = open.start;
  }

  /** Points a reused entry at a newly opened block (or `.or` branch). */
  private reopen(open: Open, inst: Container, slot: number, line: number, col: number): void {
    open.inst = inst;
    open.slot = slot;
    open.start = this.pendingCount;
    open.line = line;
    open.col = col;
  }

  accept(op: number, inst: Inst | null, line: number, col: number): void {
    if (this.done) {
      if (!this.deadAfterEof) {
        this.deadAfterEof = true;
        this.syntaxError(Msg.afterEof(op), line, col);
      }
      return;
    }
    if (op === Op.TEXT || op === Op.VARIABLE) {
      this.pending[this.pendingCount++] = inst as Inst;
      return;
    }
    const cur = this.open[this.depth] as Open;
    const curOp = cur.inst[0];
    switch (op) {
      case Op.IF:
      case Op.MACRO:
      case Op.PREDICATE:
      case Op.REPEATED:
      case Op.SECTION: {
        const block = inst as Container;
        if (this.depth >= this.maxNesting && !this.tooDeep) {
          this.tooDeep = true;
          this.syntaxError(Msg.nestingTooDeep(this.maxNesting), line, col);
        }
        this.pending[this.pendingCount++] = block as Inst;
        const depth = ++this.depth;
        const next = this.open[depth];
        if (next === undefined) this.open[depth] = { inst: block, slot: bodyIndex(op), start: this.pendingCount, line, col };
        else this.reopen(next, block, bodyIndex(op), line, col);
        return;
      }
      case Op.EOF:
        this.done = true;
        if (curOp === Op.ROOT) {
          this.root[3] = 1;
        } else {
          this.syntaxError(Msg.eofInBlock(curOp), line, col);
          for (; this.depth > 0; this.depth--) {
            const open = this.open[this.depth] as Open;
            this.syntaxError(Msg.unclosed(open.inst[0]), open.line, open.col);
            this.close(open);
          }
        }
        this.close(this.open[0] as Open);
        return;
      case Op.END:
        if (curOp === Op.ROOT) this.syntaxError(Msg.notAllowedAtRoot(op), line, col);
        else {
          this.close(cur);
          this.depth--;
        }
        return;
      case Op.ALTERNATES_WITH:
        if (curOp === Op.ROOT) this.syntaxError(Msg.notAllowedAtRoot(op), line, col);
        else if (curOp === Op.REPEATED && cur.slot === 2) {
          this.close(cur);
          cur.slot = 4;
          cur.start = this.pendingCount;
        } else this.syntaxError(Msg.notAllowedInBlock(op, curOp), line, col);
        return;
      case Op.OR_PREDICATE: {
        if (curOp === Op.ROOT) {
          this.syntaxError(Msg.notAllowedAtRoot(op), line, col);
          return;
        }
        const alt = altIndex(curOp);
        if (alt === -1) {
          this.syntaxError(Msg.notAllowedInBlock(op, curOp), line, col);
          return;
        }
        if (curOp === Op.OR_PREDICATE && (cur.inst as OrPredicateInst)[1] === null) {
          this.syntaxError(Msg.deadCode(op), line, col);
          return;
        }
        const orInst = inst as OrPredicateInst;
        this.close(cur);
        (cur.inst as Inst[])[alt] = orInst;
        this.reopen(cur, orInst, 3, cur.line, cur.col);
        return;
      }
      default:
        this.pending[this.pendingCount++] = inst as Inst;
    }
  }
}
