import { lazy } from 'react';

/**
 * The inspector's blocks (`InspectorBlocks.tsx`) in a chunk of their own: every edited kind's
 * form, the block kinds' zod schemas they check with, and the blocks' stylesheet. The editor
 * paints its page list, preview, publish bar and page fields without them; a page of blocks
 * starts loading them beside its draft (`loadInspectorBlocks` on opening it), so they are
 * usually there when the draft is.
 */
export const loadInspectorBlocks = () => import('./InspectorBlocks.js');

export const InspectorBlocks = lazy(loadInspectorBlocks);
