import type { ComponentProps } from 'react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandName } from './islands/index.js';
import { ISLAND_ID_ATTRIBUTE, isIslandId, islandIdentifierPrefix } from './island-id.js';
import { ISLANDS, isIslandName } from './islands/index.js';
import { islandTextSet } from './islands/island-texts.js';
import { withSystemTexts } from './lib/system-texts.js';

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

/** Escapes text for a double-quoted HTML attribute. */
export function escapeAttribute(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c]);
}

/** Most bytes (about two a character) of server-rendered islands kept by {@link renderIsland}. */
export const RENDERED_ISLANDS_MAX_BYTES = 16 * 1024 * 1024;

/** Rendered islands by name, id and props JSON, least recently used first. */
const rendered = new Map<string, string>();
let renderedBytes = 0;

function keep(key: string, html: string): void {
  const bytes = (key.length + html.length) * 2;
  if (bytes > RENDERED_ISLANDS_MAX_BYTES / 16) return;
  rendered.set(key, html);
  renderedBytes += bytes;
  while (renderedBytes > RENDERED_ISLANDS_MAX_BYTES) {
    const [oldKey, oldHtml] = rendered.entries().next().value!;
    rendered.delete(oldKey);
    renderedBytes -= (oldKey.length + oldHtml.length) * 2;
  }
}

const ownTexts = new WeakMap<object, Map<string, Readonly<Record<string, string>>>>();

/** `props` with only the system texts (`texts`) island `name` can show (its list in `ISLAND_TEXTS`); `texts` left out when none is. */
function withOwnTexts(name: string, props: Record<string, unknown>): Record<string, unknown> {
  const texts = props.texts;
  if (!texts || typeof texts !== 'object' || Array.isArray(texts)) return props;
  let byIsland = ownTexts.get(texts);
  if (!byIsland) {
    byIsland = new Map();
    ownTexts.set(texts, byIsland);
  }
  let own = byIsland.get(name);
  if (!own) {
    const shows = islandTextSet(name);
    own = Object.fromEntries(Object.entries(texts as Record<string, string>).filter(([english]) => shows.has(english)));
    byIsland.set(name, own);
  }
  if (Object.keys(own).length === Object.keys(texts).length) return props;
  const { texts: _all, ...rest } = props;
  return Object.keys(own).length > 0 ? { ...rest, texts: own } : rest;
}

/**
 * Server-renders an island: `<div data-island="Name" data-props="…json…" data-island-id="id">…html…</div>`.
 * The browser entry hydrates it with the same props, their system texts (`texts`) kept to those
 * the island can show. `id` must be unique on the page: the
 * island's `useId` values are prefixed with it (see {@link islandIdentifierPrefix}); without
 * one, ids are unprefixed and the island must be alone on its page. Throws for an unknown
 * island name or a malformed id.
 */
export function renderIsland<N extends IslandName>(name: N, props: ComponentProps<(typeof ISLANDS)[N]>, id?: string): string;
export function renderIsland(name: string, props: Record<string, unknown>, id?: string): string;
export function renderIsland(name: string, props: Record<string, unknown>, id?: string): string {
  if (!isIslandName(name)) throw new RangeError(`Unknown island: ${JSON.stringify(name)}`);
  if (id !== undefined && !isIslandId(id)) throw new RangeError(`Malformed island id: ${JSON.stringify(id)}`);
  const json = JSON.stringify(withOwnTexts(name, props ?? {}));
  // An island's markup is a function of its name, id and props (islands read no clock, storage or
  // randomness while rendering), so the same three give the same string.
  const key = `${name}\n${id ?? ''}\n${json}`;
  const kept = rendered.get(key);
  if (kept !== undefined) {
    rendered.delete(key);
    rendered.set(key, kept);
    return kept;
  }
  const component = ISLANDS[name] as unknown as React.ComponentType<Record<string, unknown>>;
  const parsed = JSON.parse(json) as Record<string, unknown>;
  const element = withSystemTexts(createElement(component, parsed), parsed);
  const html = renderToString(element, id === undefined ? undefined : { identifierPrefix: islandIdentifierPrefix(id) });
  const idAttribute = id === undefined ? '' : ` ${ISLAND_ID_ATTRIBUTE}="${id}"`;
  const out = `<div data-island="${name}" data-props="${escapeAttribute(json)}"${idAttribute}>${html}</div>`;
  keep(key, out);
  return out;
}
