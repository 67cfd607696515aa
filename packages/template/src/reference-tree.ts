/**
 * Converts our instruction tree to the reference implementation's JSON syntax
 * tree format (used to compare against the corpus's `ast-N` / `pretty-N` cases).
 */
import type { Alternate, Args, Block, FormatterCall, Inst, RootInst } from './instructions.js';
import { Op } from './opcodes.js';

const fmts = (calls: FormatterCall[] | null): unknown => (calls === null ? 0 : calls.map((c) => (c[2] === '' ? [c[0]] : [c[0], [c[1], c[2]]])));
const args = (a: Args | null): unknown => (a === null ? 0 : [a[0], a[1]]);
const block = (b: Block): unknown[] => b.map(convert);
const alt = (a: Alternate): unknown => (a === null ? Op.END : convert(a));

function convert(inst: Inst): unknown {
  switch (inst[0]) {
    case Op.TEXT:
      return [Op.TEXT, inst[1]];
    case Op.VARIABLE:
      return [Op.VARIABLE, inst[1], fmts(inst[2])];
    case Op.SECTION:
      return [Op.SECTION, inst[1], block(inst[2]), alt(inst[3])];
    case Op.REPEATED:
      return [Op.REPEATED, inst[1], block(inst[2]), alt(inst[3]), inst[4] === null ? [] : block(inst[4])];
    case Op.PREDICATE:
      return [Op.PREDICATE, inst[1], args(inst[2]), block(inst[3]), alt(inst[4])];
    case Op.OR_PREDICATE:
      return [Op.OR_PREDICATE, inst[1] ?? 0, args(inst[2]), block(inst[3]), alt(inst[4])];
    case Op.BINDVAR:
      return [Op.BINDVAR, inst[1], inst[2], fmts(inst[3])];
    case Op.IF:
      return [Op.IF, inst[1], inst[2], block(inst[3]), alt(inst[4])];
    case Op.INJECT:
      return [Op.INJECT, inst[1], inst[2], args(inst[3])];
    case Op.MACRO:
      return [Op.MACRO, inst[1], block(inst[2])];
    case Op.COMMENT:
      return [Op.COMMENT, inst[1], inst[2]];
    case Op.ROOT:
      return [Op.ROOT, 1, block(inst[2]), Op.EOF];
    case Op.CTXVAR:
      return [Op.CTXVAR, inst[1], inst[2]];
    case Op.EVAL:
      return [Op.EVAL, inst[1]];
    case Op.INCLUDE:
      return [Op.INCLUDE, inst[1], inst[2]];
    default:
      return inst[0];
  }
}

/** The reference-format tree of a compiled template. */
export function toReferenceTree(root: RootInst): unknown {
  return convert(root);
}
