/** Instruction opcodes of the compiled tree (numbering matches the JSON-T reference's abstract syntax v1). */
export const Op = {
  TEXT: 0,
  VARIABLE: 1,
  SECTION: 2,
  END: 3,
  REPEATED: 4,
  PREDICATE: 5,
  BINDVAR: 6,
  OR_PREDICATE: 7,
  IF: 8,
  INJECT: 9,
  MACRO: 10,
  COMMENT: 11,
  META_LEFT: 12,
  META_RIGHT: 13,
  NEWLINE: 14,
  SPACE: 15,
  TAB: 16,
  ROOT: 17,
  EOF: 18,
  ALTERNATES_WITH: 19,
  CTXVAR: 22,
  EVAL: 23,
  INCLUDE: 24,
} as const;

export type Opcode = (typeof Op)[keyof typeof Op];

const NAMES: Record<number, string> = {};
for (const [name, code] of Object.entries(Op)) NAMES[code] = name;

/** Upper-case name of an opcode, e.g. `SECTION`, as used in error messages. */
export function opcodeName(code: number): string {
  return NAMES[code] ?? 'UNKNOWN';
}
