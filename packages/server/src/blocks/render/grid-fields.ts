import { GRID_COLUMNS, gridRows, placementOf } from '../../block-kinds/index.js';

type Block = Record<string, unknown>;

/**
 * Marks the blocks of each row of several blocks for the template: `rowStart` on the first,
 * `rowEnd` on the last, and `columnSpan` (of 12) on each, so the template opens a row of
 * columns around them. A block alone in its row gets nothing and renders as a full-width row,
 * as every layout stored before the grid did. A row whose spans no longer add up to 12 (a block
 * of it was not shown) keeps its columns; the grid leaves the rest empty. A row with a colour
 * theme is a section: `sectionTheme` on its first block, `sectionEnd` on its last, so the
 * template paints it with the theme's class.
 */
export function withGridRows(blocks: readonly Block[]): Block[] {
  const out = blocks.map((block) => ({ ...block }));
  for (const row of gridRows(blocks)) {
    const theme = placementOf(blocks[row[0]!]!).colorTheme;
    if (theme) {
      out[row[0]!]!.sectionTheme = theme;
      out[row.at(-1)!]!.sectionEnd = true;
    }
    if (row.length < 2) continue;
    for (const index of row) out[index]!.columnSpan = Math.min(GRID_COLUMNS, placementOf(blocks[index]!).span);
    out[row[0]!]!.rowStart = true;
    out[row.at(-1)!]!.rowEnd = true;
  }
  return out;
}
