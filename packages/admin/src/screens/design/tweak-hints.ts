import type { TweakControl } from './design-calls.js';

/** How the Design screen names the kinds of collection pages a setting may be limited to. */
const PAGE_KINDS: Readonly<Record<string, string>> = {
  blog: 'blog',
  products: 'store',
  events: 'events',
  gallery: 'gallery',
  album: 'album',
  index: 'index',
  page: 'plain',
};

/**
 * Where a setting limited to some pages applies, in words (its `showOnlyWhenPresent` body
 * class: a layout, a collection type or a list/item view); undefined for a setting of every page.
 */
export function placeHint(tweak: TweakControl, layouts: readonly { readonly id: string; readonly name: string }[]): string | undefined {
  const only = tweak.showOnlyWhenPresent;
  if (!only) return undefined;
  const layout = /^layout-(.+)$/.exec(only)?.[1];
  const layoutName = layouts.find((candidate) => candidate.id === layout)?.name;
  if (layoutName) return `Applies to pages with the ${layoutName} layout.`;
  const kind = /^collection-type-(.+)$/.exec(only)?.[1];
  if (kind && PAGE_KINDS[kind]) return `Applies to ${PAGE_KINDS[kind]} pages.`;
  if (only === 'view-list') return 'Applies to list pages.';
  if (only === 'view-item') return 'Applies to the pages of single posts, products and events.';
  return 'Applies to some pages only.';
}
