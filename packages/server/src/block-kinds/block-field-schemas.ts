import { z } from 'zod';

/** A block field of the site's theme as the dashboard edits it. */
export const BlockFieldView = z.object({
  id: z.string(),
  label: z.string(),
  columns: z.number().int().describe('1: one column (blocks stack); 12: the grid'),
  lockLayout: z.boolean().describe('The theme fixes its layout: content edits only'),
});
export type BlockFieldView = z.infer<typeof BlockFieldView>;

/** The answer of GET /api/owner/block-fields. */
export const BlockFieldList = z.object({ fields: z.array(BlockFieldView) });
export type BlockFieldList = z.infer<typeof BlockFieldList>;

/** The theme's block fields call. */
export const BLOCK_FIELDS_PATH = '/api/owner/block-fields';
