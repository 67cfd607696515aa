/**
 * The compiled instruction tree. Every node is a plain JSON array whose first
 * element is its opcode (see `opcodes.ts`), so a compiled template can be stored,
 * sent over the wire and executed again without re-parsing.
 * Positions (`line`, `col`) are 1-based and point at the opening `{` of the tag.
 */

/** A pre-split variable path: `a.0.b` is `['a', 0, 'b']`. */
export type Path = (string | number)[];

/** Instruction arguments: the split list and the delimiter (first character after the name). */
export type Args = [list: string[], delimiter: string];

/** A formatter call: name, arguments and delimiter (`''` when the call had no arguments). */
export type FormatterCall = [name: string, args: string[], delimiter: string];

export type Block = Inst[];

/** The alternate branch of a block: an `.or` instruction, or `null` for `.end`. */
export type Alternate = OrPredicateInst | null;

export type TextInst = [op: 0, text: string];
export type VariableInst = [op: 1, paths: Path[], formatters: FormatterCall[] | null, line: number, col: number];
export type SectionInst = [op: 2, path: Path, body: Block, alt: Alternate, line: number, col: number];
export type RepeatedInst = [op: 4, path: Path, body: Block, alt: Alternate, alternatesWith: Block | null, line: number, col: number];
export type PredicateInst = [op: 5, name: string, args: Args | null, body: Block, alt: Alternate, line: number, col: number];
export type BindvarInst = [op: 6, name: string, paths: Path[], formatters: FormatterCall[] | null, line: number, col: number];
export type OrPredicateInst = [op: 7, name: string | null, args: Args | null, body: Block, alt: Alternate, line: number, col: number];
/** `ops[i]` joins `paths[i]` and `paths[i+1]`: 0 is `||`, 1 is `&&`. */
export type IfInst = [op: 8, ops: number[], paths: Path[], body: Block, alt: Alternate, line: number, col: number];
export type InjectInst = [op: 9, name: string, file: string, args: Args | null, line: number, col: number];
export type MacroInst = [op: 10, name: string, body: Block, line: number, col: number];
export type CommentInst = [op: 11, text: string, multiline: 0 | 1];
export type AtomInst = [op: 12 | 13 | 14 | 15 | 16];
/** `eof` is 1 when the template ended normally. */
export type RootInst = [op: 17, version: 1, body: Block, eof: 0 | 1];
export type CtxvarInst = [op: 22, name: string, bindings: [key: string, path: Path][], line: number, col: number];
/**
 * `rpn` is the expression compiled to reverse-polish form (one list per `;`-separated
 * expression), or null when it failed to parse; `errors` are the parse errors. Both are
 * null until the instruction first runs: the executor compiles the expression then and
 * stores the result in the instruction, so later renders of the same tree reuse it.
 */
export type EvalInst = [op: 23, code: string, rpn: unknown[][] | null, errors: string[] | null, debug: 0 | 1, line: number, col: number];
export type IncludeInst = [op: 24, name: string, args: Args, line: number, col: number];

export type Inst =
  | TextInst
  | VariableInst
  | SectionInst
  | RepeatedInst
  | PredicateInst
  | BindvarInst
  | OrPredicateInst
  | IfInst
  | InjectInst
  | MacroInst
  | CommentInst
  | AtomInst
  | RootInst
  | CtxvarInst
  | EvalInst
  | IncludeInst;

/** A compiled template: the root of the instruction tree (plain JSON). */
export type Template = RootInst;
