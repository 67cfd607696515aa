/**
 * The editor's history of states: the present, the states before it (undo) and after it (redo).
 * Immutable: every operation answers a new stack.
 */
export interface UndoStack<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** What the last recorded change was of, and when: changes of one field in quick succession are one step. */
  readonly lastKey: string | undefined;
  readonly lastAt: number;
}

/** Changes of the same field closer together than this are one undo step (typing a word). */
export const COALESCE_MS = 1_000;
/** Most steps kept. */
export const MAX_STEPS = 200;

/** A stack holding only `present`. */
export function undoStack<T>(present: T): UndoStack<T> {
  return { past: [], present, future: [], lastKey: undefined, lastAt: 0 };
}

/**
 * `stack` with `next` as its present. A change of the same `key` as the last one within
 * {@link COALESCE_MS} replaces the present instead of adding a step; any change clears redo.
 */
export function record<T>(stack: UndoStack<T>, next: T, key: string, now: number): UndoStack<T> {
  if (Object.is(next, stack.present)) return stack;
  const coalesce = key === stack.lastKey && now - stack.lastAt < COALESCE_MS && stack.past.length > 0;
  const past = coalesce ? stack.past : [...stack.past, stack.present].slice(-MAX_STEPS);
  return { past, present: next, future: [], lastKey: key, lastAt: now };
}

/** Whether there is a step to undo. */
export const canUndo = (stack: UndoStack<unknown>): boolean => stack.past.length > 0;
/** Whether there is a step to redo. */
export const canRedo = (stack: UndoStack<unknown>): boolean => stack.future.length > 0;

/** `stack` one step back; unchanged when there is nothing to undo. */
export function undo<T>(stack: UndoStack<T>): UndoStack<T> {
  const previous = stack.past.at(-1);
  if (previous === undefined) return stack;
  return { past: stack.past.slice(0, -1), present: previous, future: [stack.present, ...stack.future], lastKey: undefined, lastAt: 0 };
}

/** `stack` one step forward; unchanged when there is nothing to redo. */
export function redo<T>(stack: UndoStack<T>): UndoStack<T> {
  const [next, ...rest] = stack.future;
  if (next === undefined) return stack;
  return { past: [...stack.past, stack.present], present: next, future: rest, lastKey: undefined, lastAt: 0 };
}

/** `stack` with `present` replacing the present as a step of its own (e.g. loading someone else's changes), so undo brings back what was there. */
export function replaceAsStep<T>(stack: UndoStack<T>, present: T): UndoStack<T> {
  return { past: [...stack.past, stack.present].slice(-MAX_STEPS), present, future: [], lastKey: undefined, lastAt: 0 };
}
