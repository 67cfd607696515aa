/** Weaves the parser's flat instruction stream into the nested instruction tree. */
import type { Block, Inst, OrPredicateInst, RootInst } from './instructions';
import type { InstructionSink } from './parser';
import type { TemplateError } from './errors';
import { Msg } from './errors';
import { Op } from './opcodes';

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
  /** Where consequents go: the body, or the alternates-with block of a REPEATED. */
  target: Block;
  line: number;
  col: number;
}

/** Builds the tree and collects SyntaxErrors. */
export class Assembler implements InstructionSink {
  readonly root: RootInst = [Op.ROOT, 1, [], 0];
  readonly errors: TemplateError[] = [];
  private current: Open = { inst: this.root, target: this.root[2], line: 1, col: 1 };
  private readonly stack: Open[] = [];
  private done = false;
  private deadAfterEof = false;
  /** Set when blocks nest deeper than allowed; the tree must not be executed. */
  tooDeep = false;

  constructor(private readonly maxNesting: number = Infinity) {}

  syntaxError(message: string, line: number, col: number): void {
    this.errors.push({ type: 'SyntaxError', message, line, column: col });
  }

  accept(op: number, inst: Inst | null, line: number, col: number): void {
    if (this.done) {
      if (!this.deadAfterEof) {
        this.deadAfterEof = true;
        this.syntaxError(Msg.afterEof(op), line, col);
      }
      return;
    }
    const cur = this.current;
    const curOp = cur.inst[0];
    switch (op) {
      case Op.IF:
      case Op.MACRO:
      case Op.PREDICATE:
      case Op.REPEATED:
      case Op.SECTION: {
        const block = inst as Container;
        if (this.stack.length >= this.maxNesting && !this.tooDeep) {
          this.tooDeep = true;
          this.syntaxError(Msg.nestingTooDeep(this.maxNesting), line, col);
        }
        cur.target.push(block as Inst);
        this.stack.push(cur);
        this.current = { inst: block, target: block[bodyIndex(op)] as Block, line, col };
        return;
      }
      case Op.EOF:
        this.done = true;
        if (curOp === Op.ROOT) {
          this.root[3] = 1;
        } else {
          this.syntaxError(Msg.eofInBlock(curOp), line, col);
          for (let open: Open | undefined = cur; open && open.inst[0] !== Op.ROOT; open = this.stack.pop()) {
            this.syntaxError(Msg.unclosed(open.inst[0]), open.line, open.col);
          }
        }
        return;
      case Op.END:
        if (curOp === Op.ROOT) this.syntaxError(Msg.notAllowedAtRoot(op), line, col);
        else this.current = this.stack.pop() as Open;
        return;
      case Op.ALTERNATES_WITH:
        if (curOp === Op.ROOT) this.syntaxError(Msg.notAllowedAtRoot(op), line, col);
        else if (curOp === Op.REPEATED && cur.target === cur.inst[2]) {
          const list: Block = [];
          (cur.inst as Inst[])[4] = list as unknown as Inst;
          cur.target = list;
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
        (cur.inst as Inst[])[alt] = orInst;
        this.current = { inst: orInst, target: orInst[3], line: cur.line, col: cur.col };
        return;
      }
      default:
        cur.target.push(inst as Inst);
    }
  }
}
