import { describe, expect, it } from 'vitest';
import { COALESCE_MS, canRedo, canUndo, MAX_STEPS, record, redo, replaceAsStep, undo, undoStack } from './undo-stack.js';

describe('undo stack (issue 26: undo and redo in the editor)', () => {
  it('undoes and redoes each step in order', () => {
    let stack = undoStack('a');
    stack = record(stack, 'ab', 'title', 0);
    stack = record(stack, 'abc', 'description', 10);
    expect(canUndo(stack)).toBe(true);
    expect(canRedo(stack)).toBe(false);
    stack = undo(stack);
    expect(stack.present).toBe('ab');
    stack = undo(stack);
    expect(stack.present).toBe('a');
    expect(canUndo(stack)).toBe(false);
    expect(undo(stack)).toBe(stack);
    stack = redo(redo(stack));
    expect(stack.present).toBe('abc');
    expect(redo(stack)).toBe(stack);
  });

  it('makes quick changes of one field one step, and a pause or another field a new one', () => {
    let stack = undoStack('');
    stack = record(stack, 'H', 'title', 0);
    stack = record(stack, 'He', 'title', 100);
    stack = record(stack, 'Hey', 'title', 200);
    expect(stack.past).toEqual(['']);
    stack = record(stack, 'Hey!', 'title', 200 + COALESCE_MS);
    expect(stack.past).toEqual(['', 'Hey']);
    stack = record(stack, 'Hey!?', 'description', 200 + COALESCE_MS + 1);
    expect(stack.past).toEqual(['', 'Hey', 'Hey!']);
  });

  it('never merges a change into the step after an undo, and a new change clears redo', () => {
    let stack = record(record(undoStack(1), 2, 'n', 0), 3, 'n', COALESCE_MS * 2);
    stack = undo(stack);
    stack = record(stack, 4, 'n', COALESCE_MS * 2 + 1);
    expect(stack.past).toEqual([1, 2]);
    expect(canRedo(stack)).toBe(false);
  });

  it('keeps at most MAX_STEPS steps', () => {
    let stack = undoStack(0);
    for (let i = 1; i <= MAX_STEPS + 20; i++) stack = record(stack, i, `k${i}`, i);
    expect(stack.past).toHaveLength(MAX_STEPS);
    expect(stack.present).toBe(MAX_STEPS + 20);
  });

  it('keeps the replaced present one undo away', () => {
    const stack = replaceAsStep(record(undoStack('mine'), 'mine, edited', 't', 0), 'theirs');
    expect(stack.present).toBe('theirs');
    expect(undo(stack).present).toBe('mine, edited');
  });

  it('ignores a change to the same value', () => {
    const stack = undoStack('same');
    expect(record(stack, 'same', 't', 0)).toBe(stack);
  });
});
