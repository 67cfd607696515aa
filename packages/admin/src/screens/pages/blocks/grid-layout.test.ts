import { gridProblems } from '@emporium/server/block-kinds';
import { describe, expect, it } from 'vitest';
import {
  MIN_SPAN,
  moveBoundary,
  moveSplit,
  normalizeGrid,
  placeBeside,
  rowSpans,
  setSectionTheme,
  setWidth,
  shareColumns,
  widthChoices,
  widthLabel,
} from './grid-layout.js';

const text = (n: number) => ({ typeName: 'quote', text: `Q${n}` });

describe('the 12-column grid in the block editor (#26 item 2)', () => {
  it('shares a row evenly', () => {
    expect(shareColumns(12, 2)).toEqual([6, 6]);
    expect(shareColumns(12, 5)).toEqual([3, 3, 2, 2, 2]);
  });

  it('places a block beside the previous one at half width each, and back on a row of its own', () => {
    const side = placeBeside([text(1), text(2), text(3)], 1, true);
    expect(side.map((b) => b.grid)).toEqual([{ span: 6 }, { span: 6, beside: true }, undefined]);
    expect(gridProblems(side)).toEqual([]);
    const back = placeBeside(side, 1, false);
    expect(back.map((b) => b.grid)).toEqual([undefined, undefined, undefined]);
  });

  it('gives a changed width to one block and the rest of the row to the others', () => {
    const row = placeBeside(placeBeside([text(1), text(2), text(3)], 1, true), 2, true);
    expect(row.map((b) => (b.grid as { span: number }).span)).toEqual([4, 4, 4]);
    const wide = setWidth(row, 0, 8);
    expect(wide.map((b) => (b.grid as { span: number }).span)).toEqual([8, 2, 2]);
    expect(widthChoices(wide, 1)).toHaveLength(10);
    expect(gridProblems(wide)).toEqual([]);
    expect(widthLabel(6)).toBe('6 of 12 columns (half)');
  });

  it('repairs rows a move or a delete broke: the first block starts a row, spans add up to 12', () => {
    const moved = normalizeGrid([
      { ...text(2), grid: { span: 6, beside: true } },
      { ...text(1), grid: { span: 6 } },
    ]);
    expect(moved.map((b) => b.grid)).toEqual([undefined, undefined]);
    const deleted = normalizeGrid([text(0), { ...text(1), grid: { span: 8 } }, { ...text(2), grid: { span: 2, beside: true } }]);
    expect(deleted.map((b) => b.grid)).toEqual([undefined, { span: 6 }, { span: 6, beside: true }]);
  });

  it("keeps a row's section colour theme on the row's first block through widths, moves and placing beside (#26 item 5)", () => {
    const painted = setSectionTheme([text(1), text(2), text(3)], 1, 'dark-1');
    expect(painted.map((b) => b.grid)).toEqual([undefined, { span: 12, colorTheme: 'dark-1' }, undefined]);
    const row = placeBeside(painted, 2, true);
    expect(row.map((b) => b.grid)).toEqual([undefined, { span: 6, colorTheme: 'dark-1' }, { span: 6, beside: true }]);
    expect(gridProblems(row)).toEqual([]);
    expect(setWidth(row, 2, 4).map((b) => b.grid)).toEqual([undefined, { span: 8, colorTheme: 'dark-1' }, { span: 4, beside: true }]);
    // Joining the row before it, the block leaves its colours: a section is its row's.
    const joined = placeBeside(row, 1, true);
    expect(joined[1]!.grid).toEqual({ span: 4, beside: true });
    expect(gridProblems(joined)).toEqual([]);
    expect(normalizeGrid(row)).toEqual(row);
    // A block beside another takes no colours of its own; clearing the colours leaves a plain row.
    expect(setSectionTheme(row, 2, 'accent')).toEqual(row);
    expect(setSectionTheme(painted, 1, undefined).map((b) => b.grid)).toEqual([undefined, undefined, undefined]);
  });

  describe('moving the split between two blocks of a row by whole columns (resizing by dragging)', () => {
    const spans = (blocks: readonly Record<string, unknown>[]) => blocks.map((b) => (b.grid as { span?: number } | undefined)?.span);

    it('widens one side and narrows the other, the row still taking 12 columns', () => {
      expect(moveSplit([6, 6], 0, 1)).toEqual([7, 5]);
      expect(moveSplit([6, 6], 0, -2)).toEqual([4, 8]);
      expect(moveSplit([4, 4, 4], 1, 3)).toEqual([4, 7, 1]);
      expect(moveSplit([4, 4, 4], 0, -1)).toEqual([3, 5, 4]);
      // A pointer between two columns snaps to the nearer one.
      expect(moveSplit([6, 6], 0, 1.4)).toEqual([7, 5]);
      expect(moveSplit([6, 6], 0, -1.6)).toEqual([4, 8]);
    });

    it('keeps each side at its minimum span however far the split is pushed', () => {
      expect(MIN_SPAN).toBe(1);
      expect(moveSplit([6, 6], 0, 20)).toEqual([11, 1]);
      expect(moveSplit([6, 6], 0, -20)).toEqual([1, 11]);
      expect(moveSplit([2, 9, 1], 1, 5)).toEqual([2, 9, 1]);
      expect(moveSplit([2, 9, 1], 0, -3)).toEqual([1, 10, 1]);
    });

    it('leaves spans without that split as they are', () => {
      expect(moveSplit([6, 6], 1, 2)).toEqual([6, 6]);
      expect(moveSplit([12], 0, 2)).toEqual([12]);
      expect(moveSplit([6, 6], -1, 2)).toEqual([6, 6]);
    });

    it('moves the boundary between block i and i + 1 of the layout, leaving the other rows and blocks alone', () => {
      const row = placeBeside(placeBeside([text(0), text(1), text(2), text(3)], 2, true), 3, true);
      expect(spans(row)).toEqual([undefined, 4, 4, 4]);
      const moved = moveBoundary(row, 2, 2);
      expect(spans(moved)).toEqual([undefined, 4, 6, 2]);
      expect(rowSpans(moved, 3)).toEqual([4, 6, 2]);
      expect(moved[0]).toEqual(row[0]);
      expect(moved.map((b) => b.text)).toEqual(['Q0', 'Q1', 'Q2', 'Q3']);
      expect(gridProblems(moved)).toEqual([]);
      expect(spans(moveBoundary(moved, 1, -10))).toEqual([undefined, 1, 9, 2]);
      expect(gridProblems(moveBoundary(moved, 2, 30))).toEqual([]);
    });

    it('keeps the row section colours and the beside marks; blocks not in one row are not resized', () => {
      const row = placeBeside(setSectionTheme([text(1), text(2), text(3)], 0, 'dark-1'), 1, true);
      expect(moveBoundary(row, 0, -3).map((b) => b.grid)).toEqual([{ span: 3, colorTheme: 'dark-1' }, { span: 9, beside: true }, undefined]);
      // Block 2 ends its row and block 3 starts the next: no boundary between them to move.
      expect(moveBoundary(row, 1, 2)).toEqual(row);
      expect(moveBoundary(row, 2, 2)).toEqual(row);
    });
  });
});
