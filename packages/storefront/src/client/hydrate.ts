import { createElement, startTransition, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ID_ATTRIBUTE, isIslandId, islandIdentifierPrefix } from '../island-id.js';
import type { IslandName } from '../islands/index.js';
import { replayEarlyActions } from './early-actions.js';
import { collectEarlyInput, replayEarlyInput, type EarlyInput } from './early-input.js';
import { withSystemTexts } from '../lib/system-texts.js';
import { ISLAND_LOADERS } from './loaders.js';

export { HYDRATED_ATTRIBUTE } from './early-action-capture.js';

function readProps(el: HTMLElement): Record<string, unknown> {
  try {
    return JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
  } catch {
    console.warn(`Island ${el.dataset.island}: unreadable props`);
    return {};
  }
}

/** The React root options that match the server render of `el`: its page id's `identifierPrefix`, if it has one. */
function rootOptions(el: HTMLElement): { identifierPrefix: string } | undefined {
  const id = el.getAttribute(ISLAND_ID_ATTRIBUTE);
  return id !== null && isIslandId(id) ? { identifierPrefix: islandIdentifierPrefix(id) } : undefined;
}

/**
 * Renders the island; once the hydrated tree's effects run, replays what the visitor typed and
 * then what they clicked before, and marks the container `data-hydrated`.
 */
function HydrationMarker({
  el,
  component,
  props,
  early,
}: {
  el: HTMLElement;
  component: ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
  early: ReadonlyArray<EarlyInput>;
}) {
  useEffect(() => {
    void replayEarlyInput(early).then(() => replayEarlyActions(el));
  }, [el, early]);
  return withSystemTexts(createElement(component, props), props);
}

/** Hydrates one server-rendered island with the props serialised beside it; sets `data-hydrated` when done. */
export async function hydrateIsland(el: HTMLElement, before?: (name: string, props: Record<string, unknown>) => void): Promise<void> {
  const name = el.dataset.island as IslandName;
  const load = Object.prototype.hasOwnProperty.call(ISLAND_LOADERS, name) ? ISLAND_LOADERS[name] : undefined;
  if (!load) return console.warn(`Unknown island: ${name}`);
  const props = readProps(el);
  before?.(name, props);
  const component = await load();
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // blocking the main thread for a whole island; React still hydrates an island first when
  // the visitor interacts with it.
  const early = collectEarlyInput(el);
  startTransition(() => {
    hydrateRoot(el, createElement(HydrationMarker, { el, component, props, early }), rootOptions(el));
  });
}
