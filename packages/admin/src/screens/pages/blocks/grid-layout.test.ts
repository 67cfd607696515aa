import { gridProblems } from '@emporium/server/block-kinds';
import { describe, expect, it } from 'vitest';
import { normalizeGrid, placeBeside, setSectionTheme, setWidth, shareColumns, widthChoices, widthLabel } from './grid-layout.js';

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
});
