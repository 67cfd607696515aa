import type { PluginContext } from '@emporium/template';

/** Render option (`ctx.options`) holding the {@link IslandIds} of the page being rendered. */
export const ISLAND_IDS_OPTION = 'islandIds';

/** Hands out the ids of one page's islands: `0`, `1`, `2`… in render order, never the same twice. */
export interface IslandIds {
  next(): string;
}

/** A fresh id source for one page; share it between every render that builds that page. */
export function createIslandIds(): IslandIds {
  let count = 0;
  return { next: () => (count++).toString(36) };
}

function isIslandIds(value: unknown): value is IslandIds {
  return typeof value === 'object' && value !== null && typeof (value as IslandIds).next === 'function';
}

const perRender = new WeakMap<PluginContext, IslandIds>();

/**
 * The id source of the page `ctx` renders: the one passed as the {@link ISLAND_IDS_OPTION}
 * render option, else one kept for this render alone (a template rendered on its own).
 */
export function islandIdsOf(ctx: PluginContext): IslandIds {
  const shared = ctx.options[ISLAND_IDS_OPTION];
  if (isIslandIds(shared)) return shared;
  let ids = perRender.get(ctx);
  if (!ids) perRender.set(ctx, (ids = createIslandIds()));
  return ids;
}
