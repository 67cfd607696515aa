import { GRID_COLUMNS, gridRows, placementOf } from '@emporium/server/block-kinds';

/** A block as the editor holds it. */
type Block = Readonly<Record<string, unknown>>;

/** The fewest columns a block of a shared row keeps (the grid's rule: a span is 1 to 12). */
export const MIN_SPAN = 1;

/** `total` columns shared by `count` blocks as evenly as they go (the first ones take the remainder). */
export function shareColumns(total: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.floor(total / count) + (i < total % count ? 1 : 0));
}

/**
 * `block` placed at `span` columns, beside the block before it or starting a row. A block that
 * starts a row keeps its section colour theme; one set beside another has none (the section is
 * its row's, set on the row's first block).
 */
function withPlacement(block: Block, span: number, beside: boolean): Block {
  const { grid: _grid, ...rest } = block;
  const colorTheme = beside ? undefined : placementOf(block).colorTheme;
  if (span >= GRID_COLUMNS && !beside && !colorTheme) return rest;
  return { ...rest, grid: beside ? { span, beside: true } : colorTheme ? { span, colorTheme } : { span } };
}

/** The blocks with each row's spans as given, the first of each row not beside, a block alone in its row with no grid data. */
function placeRows(blocks: readonly Block[], spansOf: (row: number[]) => number[]): Block[] {
  const out = [...blocks];
  for (const row of gridRows(blocks)) {
    const spans = row.length === 1 ? [GRID_COLUMNS] : spansOf(row);
    row.forEach((index, i) => {
      out[index] = withPlacement(blocks[index]!, spans[i]!, i > 0);
    });
  }
  return out;
}

/**
 * The layout as the server takes it: every row's spans add up to 12 (a row that does not is
 * shared evenly), the first block of the layout starts a row, a block alone in its row has no
 * grid data (a full-width row, as layouts were before the grid). Run after every move and delete.
 */
export function normalizeGrid(blocks: readonly Block[]): Block[] {
  const fixed = blocks.map((block, index) => (index === 0 && placementOf(block).beside ? withPlacement(block, GRID_COLUMNS, false) : block));
  return placeRows(fixed, (row) => {
    const spans = row.map((index) => placementOf(fixed[index]!).span);
    return spans.reduce((a, b) => a + b, 0) === GRID_COLUMNS && spans.every((s) => s >= 1) ? spans : shareColumns(GRID_COLUMNS, row.length);
  });
}

/** The row of block `index`: the indexes of its blocks. */
export function rowOf(blocks: readonly Block[], index: number): number[] {
  return gridRows(blocks).find((row) => row.includes(index)) ?? [index];
}

/** Puts block `index` beside the block before it (or back on a row of its own); the row's blocks then share its columns evenly. */
export function placeBeside(blocks: readonly Block[], index: number, beside: boolean): Block[] {
  if (index === 0) return normalizeGrid(blocks);
  const changed = blocks.map((block, i) => (i === index ? withPlacement(block, placementOf(block).span, beside) : block));
  const touched = new Set([...rowOf(changed, index), ...rowOf(changed, index - 1), ...(index + 1 < changed.length ? rowOf(changed, index + 1) : [])]);
  return placeRows(changed, (row) =>
    row.some((i) => touched.has(i)) ? shareColumns(GRID_COLUMNS, row.length) : row.map((i) => placementOf(changed[i]!).span),
  );
}

/** The widths block `index` may take in its row: 1 to 12 less one column for each other block. */
export function widthChoices(blocks: readonly Block[], index: number): number[] {
  const others = rowOf(blocks, index).length - 1;
  return Array.from({ length: GRID_COLUMNS - others }, (_, i) => i + 1);
}

/** Sets block `index` to `span` columns; the other blocks of its row share the rest evenly. */
export function setWidth(blocks: readonly Block[], index: number, span: number): Block[] {
  const row = rowOf(blocks, index);
  if (row.length < 2) return normalizeGrid(blocks);
  const own = Math.min(Math.max(1, Math.round(span)), GRID_COLUMNS - (row.length - 1));
  const rest = shareColumns(GRID_COLUMNS - own, row.length - 1);
  return placeRows(blocks, (cells) =>
    cells.includes(index) ? cells.map((i) => (i === index ? own : rest.shift()!)) : cells.map((i) => placementOf(blocks[i]!).span),
  );
}

/**
 * The spans of a row with the split after cell `at` (between it and the next) moved by `by`
 * columns: positive widens cell `at` and narrows the next, negative the other way; each keeps at
 * least {@link MIN_SPAN}, the others and the row's total stay as they are. Fractions round to
 * whole columns; a split that is not there (the last cell, none) leaves the spans as they are.
 */
export function moveSplit(spans: readonly number[], at: number, by: number): number[] {
  const out = [...spans];
  const left = spans[at];
  const right = spans[at + 1];
  if (left === undefined || right === undefined || at < 0) return out;
  const moved = Math.min(Math.max(Math.round(by), MIN_SPAN - left), right - MIN_SPAN);
  out[at] = left + moved;
  out[at + 1] = right - moved;
  return out;
}

/** The spans of the blocks of block `index`'s row, in order. */
export function rowSpans(blocks: readonly Block[], index: number): number[] {
  return rowOf(blocks, index).map((i) => placementOf(blocks[i]!).span);
}

/**
 * Moves the boundary between block `index` and block `index + 1` of its row by `by` whole
 * columns (see {@link moveSplit}): the two share their columns anew, the row still adds up to 12.
 * Blocks not in one row leave the layout as it is (repaired as {@link normalizeGrid} does).
 */
export function moveBoundary(blocks: readonly Block[], index: number, by: number): Block[] {
  const layout = normalizeGrid(blocks);
  const row = rowOf(layout, index);
  const at = row.indexOf(index);
  if (at < 0 || row[at + 1] !== index + 1) return layout;
  const spans = moveSplit(rowSpans(layout, index), at, by);
  return placeRows(layout, (cells) => (cells.includes(index) ? spans : cells.map((i) => placementOf(layout[i]!).span)));
}

/** Sets the section colour theme of the row block `index` starts (undefined: the page's colours). */
export function setSectionTheme(blocks: readonly Block[], index: number, colorTheme: string | undefined): Block[] {
  const block = blocks[index]!;
  const placement = placementOf(block);
  if (placement.beside) return [...blocks];
  const { grid: _grid, ...rest } = block;
  const next: Block =
    placement.span >= GRID_COLUMNS && !colorTheme ? rest : { ...rest, grid: colorTheme ? { span: placement.span, colorTheme } : { span: placement.span } };
  return blocks.map((b, i) => (i === index ? next : b));
}

/** A width as the editor names it: "6 of 12 columns (half)". */
export function widthLabel(span: number): string {
  const names: Record<number, string> = { 3: ' (a quarter)', 4: ' (a third)', 6: ' (half)', 8: ' (two thirds)', 9: ' (three quarters)' };
  return `${span} of ${GRID_COLUMNS} columns${names[span] ?? ''}`;
}
