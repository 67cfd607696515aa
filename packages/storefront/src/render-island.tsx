import type { ComponentProps } from 'react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandName } from './islands/index.js';
import { ISLANDS, isIslandName } from './islands/index.js';

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

/** Escapes text for a double-quoted HTML attribute. */
export function escapeAttribute(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c]);
}

/**
 * Server-renders an island: `<div data-island="Name" data-props="…json…">…html…</div>`.
 * The browser entry hydrates it with the same props. Throws for an unknown island name.
 */
export function renderIsland<N extends IslandName>(name: N, props: ComponentProps<(typeof ISLANDS)[N]>): string;
export function renderIsland(name: string, props: Record<string, unknown>): string;
export function renderIsland(name: string, props: Record<string, unknown>): string {
  if (!isIslandName(name)) throw new RangeError(`Unknown island: ${JSON.stringify(name)}`);
  const json = JSON.stringify(props ?? {});
  const component = ISLANDS[name] as unknown as React.ComponentType<Record<string, unknown>>;
  const html = renderToString(createElement(component, JSON.parse(json) as Record<string, unknown>));
  return `<div data-island="${name}" data-props="${escapeAttribute(json)}">${html}</div>`;
}
