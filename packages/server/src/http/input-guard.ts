import type { FastifyInstance } from 'fastify';
import './request-context.js';
import { AppError } from '../errors/index.js';

/**
 * Deepest nesting of arrays and objects accepted in a request body or any JSON a request
 * carries. The deepest body the storefront and owner pages send is about six levels
 * (checkout: body, address or lines, line, additional fields, value); 32 leaves room for
 * every legitimate shape while keeping anything that walks a body recursively (request
 * hashing, validation, database drivers) thousands of frames away from the stack limit.
 */
export const MAX_INPUT_DEPTH = 32;

/** What is wrong with a value: the field it was found in and why it is refused. */
export interface InputProblem {
  /** Where the value sits, e.g. `body.lines[0].sku` or `query.q`. */
  field: string;
  reason: 'nul' | 'surrogate' | 'depth';
}

const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;
const SHOWN_NAME_LENGTH = 40;

/**
 * True when `text` can be stored as text: it contains no NUL (U+0000, refused by PostgreSQL in
 * text columns) and no unpaired UTF-16 surrogate (refused in JSON and not valid Unicode).
 */
export function isStorableText(text: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(text);
}

function problemOf(text: string): InputProblem['reason'] | null {
  const found = NUL_OR_LONE_SURROGATE.exec(text);
  if (!found) return null;
  return found[0] === '\u0000' ? 'nul' : 'surrogate';
}

function isBinaryOrDate(value: object): boolean {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date;
}

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string | number | null;
}

function shownKey(key: string | number): string {
  if (typeof key === 'number') return `[${key}]`;
  if (PLAIN_NAME.test(key) && key.length <= SHOWN_NAME_LENGTH) return `.${key}`;
  const cut = key.length > SHOWN_NAME_LENGTH ? `${key.slice(0, SHOWN_NAME_LENGTH)}…` : key;
  return `[${JSON.stringify(cut)}]`;
}

function pathOf(frame: Frame, root: string, lastKey?: string): string {
  const parts: string[] = lastKey === undefined ? [] : [shownKey(lastKey)];
  for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) parts.push(shownKey(f.key));
  return root + parts.reverse().join('');
}

/**
 * Walks `value` (strings, arrays and objects at any depth, object keys included; binary data
 * and dates are skipped) without recursion and returns the first string that cannot be stored,
 * or the first container nested deeper than {@link MAX_INPUT_DEPTH}; null when everything is acceptable. `root` names the
 * value in the returned field path (`body`, `query`, `params`).
 */
export function findInputProblem(value: unknown, root: string): InputProblem | null {
  const stack: Frame[] = [{ value, depth: 0, parent: null, key: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (typeof current === 'string') {
      const reason = problemOf(current);
      if (reason) return { field: pathOf(frame, root), reason };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (isBinaryOrDate(current)) continue;
    const depth = frame.depth + 1;
    if (depth > MAX_INPUT_DEPTH) return { field: pathOf(frame, root), reason: 'depth' };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], depth, parent: frame, key: i });
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      const reason = problemOf(key);
      if (reason) return { field: pathOf(frame, root, key), reason };
      stack.push({ value: (current as Record<string, unknown>)[key], depth, parent: frame, key });
    }
  }
  return null;
}

/** The message a client gets for an {@link InputProblem}. */
export function inputProblemMessage(problem: InputProblem): string {
  switch (problem.reason) {
    case 'nul':
      return `${problem.field} contains a NUL character (U+0000), which is not accepted in text.`;
    case 'surrogate':
      return `${problem.field} contains an unpaired UTF-16 surrogate, which is not valid text.`;
    case 'depth':
      return `${problem.field} is nested more than ${MAX_INPUT_DEPTH} levels deep.`;
  }
}

/** Throws a 400 `INVALID_INPUT` naming the field when `value` holds text that cannot be stored or nests too deeply. */
export function assertAcceptableInput(value: unknown, root: string): void {
  const problem = findInputProblem(value, root);
  if (problem) throw new AppError('INVALID_INPUT', inputProblemMessage(problem), { body: { field: problem.field } });
}

/**
 * The one edge rule for request text: cookies whose value cannot be stored are treated as
 * absent (a bad cookie must not lock a visitor out), and a request whose route parameters,
 * query string or parsed body (JSON, form-encoded or plain text, keys included) holds a NUL, an
 * unpaired surrogate or nesting deeper than {@link MAX_INPUT_DEPTH} is refused with 400
 * `INVALID_INPUT` before any handler runs. Register it right after the cookies are parsed.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const cookies = request.cookies;
    for (const name of Object.keys(cookies)) {
      if (!isStorableText(cookies[name]!)) delete cookies[name];
    }
    done();
  });
  app.addHook('preValidation', async (request) => {
    assertAcceptableInput(request.params, 'params');
    assertAcceptableInput(request.query, 'query');
    assertAcceptableInput(request.body, 'body');
  });
}
