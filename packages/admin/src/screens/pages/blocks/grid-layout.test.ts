import { gridProblems } from '@emporium/server/block-kinds';
import { describe, expect, it } from 'vitest';
import { normalizeGrid, placeBeside, setWidth, shareColumns, widthChoices, widthLabel } from './grid-layout.js';

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
});
