import { opcodeName } from './opcodes.js';

/** An error found while compiling (`SyntaxError`) or executing (`RuntimeError`) a template. */
export interface TemplateError {
  readonly type: 'SyntaxError' | 'RuntimeError';
  readonly message: string;
  /** 1-based line of the tag concerned (0 when unknown). */
  readonly line: number;
  /** 1-based column of the tag concerned (0 when unknown). */
  readonly column: number;
}

/** Renders an error as one line: `SyntaxError: <message> (line L, column C)`. */
export function formatError(e: TemplateError): string {
  return `${e.type}: ${e.message} (line ${e.line}, column ${e.column})`;
}

/** Message texts (kept in one place so they match the specification exactly). */
export const Msg = {
  formatterUnknown: (name: string) => `Formatter '${name}' is unknown`,
  predicateUnknown: (name: string) => `Predicate '${name}' is unknown`,
  deadCode: (op: number) => `This ${opcodeName(op)} block will never execute.`,
  eofInBlock: (op: number) => `Reached EOF in the middle of ${opcodeName(op)}`,
  notAllowedInBlock: (op: number, parent: number) => `${opcodeName(op)} instruction is not allowed inside ${opcodeName(parent)} block.`,
  notAllowedAtRoot: (op: number) => `Instruction ${opcodeName(op)} not allowed at root`,
  unclosed: (op: number) => `Unclosed ${opcodeName(op)}`,
  afterEof: (op: number) => `${opcodeName(op)} Attempt to transition from the EOF state.`,
  nestingTooDeep: (limit: number) => `Blocks are nested deeper than ${limit} levels`,
  templateTooLarge: (limit: number) => `Template exceeds the maximum size of ${limit} characters`,
  expressionParse: (code: string, err: string) => `Error parsing expression: ${JSON.stringify(code)}: ${err}`,
  expressionReduce: (code: string, err: string) => `Error reducing expression: ${code}: ${err}`,
  partialMissing: (name: string) => `Attempt to apply partial '${name}' which could not be found.`,
  partialParseFail: (name: string, msg: string) => `Parse of partial "${name}" failed: ${msg}`,
  partialRecursion: (name: string, limit: number) => `Attempt to apply partial '${name}' exceeded maximum recursion depth of ${limit}`,
  outputTooLarge: (limit: number) => `Output exceeds the maximum size of ${limit} characters`,
  emptyIf: 'IF instruction has no condition; neither branch runs',
  unexpected: (kind: string, op: number, message: string) => `Unexpected ${kind} error when executing ${opcodeName(op)}: ${message}`,
} as const;
