import { describe, expect, it } from 'vitest';
import { createIslandIds, ISLAND_IDS_OPTION } from './island-ids.js';
import { createTemplateEngine } from './template-engine.js';

const engine = createTemplateEngine();
const TWO_ISLANDS = '{first|island RestockSignup}{second|island RestockSignup}';
const json = { first: { productId: 'p', variantId: 'v1' }, second: { productId: 'p', variantId: 'v2' } };

function islandIds(html: string): string[] {
  return [...html.matchAll(/data-island-id="([^"]+)"/g)].map((m) => m[1]!);
}

function elementIds(html: string): string[] {
  return [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
}

describe('island ids on a page (duplicate element ids)', () => {
  it('gives each island of one render its own id and its own element ids', () => {
    const { output, errors } = engine.render(TWO_ISLANDS, { json });
    expect(errors).toEqual([]);
    expect(islandIds(output)).toEqual(['0', '1']);
    const ids = elementIds(output);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('goes on counting across renders that share one id source (page body, then layout)', () => {
    const shared = createIslandIds();
    const body = engine.render(TWO_ISLANDS, { json, options: { [ISLAND_IDS_OPTION]: shared } });
    const layout = engine.render(TWO_ISLANDS, { json, options: { [ISLAND_IDS_OPTION]: shared } });
    expect([...islandIds(body.output), ...islandIds(layout.output)]).toEqual(['0', '1', '2', '3']);
    const ids = [...elementIds(body.output), ...elementIds(layout.output)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('renders the same ids for the same page twice (cached and fresh pages agree)', () => {
    const once = engine.render(TWO_ISLANDS, { json, options: { [ISLAND_IDS_OPTION]: createIslandIds() } });
    const again = engine.render(TWO_ISLANDS, { json, options: { [ISLAND_IDS_OPTION]: createIslandIds() } });
    expect(again.output).toBe(once.output);
  });
});
