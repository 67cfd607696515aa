import { z } from 'zod';
import { GRID_COLUMNS, GridMessages, SECTION_COLOR_THEMES } from './messages.js';

/**
 * Where a block sits on the layout's 12-column grid. Stored on the block as `grid`; a block
 * without it is a full-width row of its own (every layout stored before the grid).
 */
export const GridPlacement = z.strictObject({
  /** Columns of 12 the block spans. */
  span: z
    .number({ error: GridMessages.SPAN })
    .int({ error: GridMessages.SPAN })
    .min(1, { error: GridMessages.SPAN })
    .max(GRID_COLUMNS, { error: GridMessages.SPAN }),
  /** True: the block joins the row of the block before it; else it starts a new row. */
  beside: z.boolean().optional(),
  /**
   * On a row's first block: the colour theme of the row as a section of its own (the site
   * styles' colour themes, decision 0050); the page's colours when absent.
   */
  colorTheme: z.enum(SECTION_COLOR_THEMES, { error: GridMessages.COLOR_THEME }).optional(),
});
export type GridPlacement = z.infer<typeof GridPlacement>;

type Placed = { readonly grid?: unknown };

/** What a stored placement says when it is not stored at all: a full-width row of its own. */
const FULL_ROW: GridPlacement = { span: GRID_COLUMNS };

/** The placement a stored block has: a full-width row of its own when it has none (or one that does not parse). */
export function placementOf(block: Placed): GridPlacement {
  const parsed = GridPlacement.safeParse(block.grid);
  return parsed.success ? parsed.data : FULL_ROW;
}

/** The layout's rows: the indexes of the blocks of each, in order. The first block always starts a row. */
export function gridRows(blocks: readonly Placed[]): number[][] {
  const rows: number[][] = [];
  blocks.forEach((block, index) => {
    if (index > 0 && placementOf(block).beside === true) rows.at(-1)!.push(index);
    else rows.push([index]);
  });
  return rows;
}

/** The problems of a layout's grid, at each row's first block: a row whose spans do not add up to 12, a first block set beside nothing. */
export function gridProblems(blocks: readonly Placed[]): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (blocks[0] && placementOf(blocks[0]).beside === true) problems.push({ path: [0, 'grid'], message: GridMessages.FIRST_BESIDE });
  blocks.forEach((block, index) => {
    const placement = placementOf(block);
    if (placement.beside === true && placement.colorTheme) problems.push({ path: [index, 'grid'], message: GridMessages.COLOR_THEME_BESIDE });
  });
  for (const row of gridRows(blocks)) {
    const sum = row.reduce((total, index) => total + placementOf(blocks[index]!).span, 0);
    if (sum !== GRID_COLUMNS) problems.push({ path: [row[0]!, 'grid'], message: GridMessages.rowSum(sum) });
  }
  return problems;
}

/** A refinement for a layout's array of blocks: {@link gridProblems} as issues at their blocks. */
export function checkGridRows(blocks: readonly Placed[], ctx: z.RefinementCtx): void {
  for (const problem of gridProblems(blocks)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
}
