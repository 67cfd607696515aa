/** Attribute on an island's container holding its id on the page (`data-island-id="2"`). */
export const ISLAND_ID_ATTRIBUTE = 'data-island-id';

const ISLAND_ID = /^[a-z0-9]{1,8}$/;

/** True for a well-formed island id: one to eight lower-case letters or digits. */
export function isIslandId(id: string): boolean {
  return ISLAND_ID.test(id);
}

/**
 * The React `identifierPrefix` of the island whose page id is `id`. Every `useId` inside the
 * island starts with it, so two islands on one page never render the same element id; the
 * server and the browser derive it from the same attribute, so hydration matches.
 */
export function islandIdentifierPrefix(id: string): string {
  return `i${id}-`;
}
