import { eq } from 'drizzle-orm';
import { memberAreaGates, memberAreas } from '../db/schema-member-areas.js';
import type { DbOrTx } from '../db/types.js';
import { joinPath } from './area-repository.js';
import { activeAreaIdsOf, siteUserOfCookies } from './membership-repository.js';

/** An area a visitor could join to open a gated page: shown on the access-denied page (106). */
export interface AreaOffer {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  billing: 'one-time' | 'recurring';
  periodValue: number | null;
  periodUnit: 'WEEK' | 'MONTH' | 'YEAR' | null;
  joinUrl: string;
}

/** A site's gates, read once per page version: which areas gate each collection and item. */
export interface GateIndex {
  readonly collections: ReadonlyMap<string, readonly string[]>;
  readonly items: ReadonlyMap<string, readonly string[]>;
  readonly areas: ReadonlyMap<string, AreaOffer>;
}

/** An empty index (a site without member areas). */
export const NO_GATES: GateIndex = Object.freeze({ collections: new Map(), items: new Map(), areas: new Map() });

/** Reads the site's areas and gates (two statements). */
export async function loadGateIndex(db: DbOrTx, websiteId: string): Promise<GateIndex> {
  const areaRows = await db
    .select({
      id: memberAreas.id,
      name: memberAreas.name,
      description: memberAreas.description,
      priceCents: memberAreas.priceCents,
      billing: memberAreas.billing,
      periodValue: memberAreas.periodValue,
      periodUnit: memberAreas.periodUnit,
    })
    .from(memberAreas)
    .where(eq(memberAreas.websiteId, websiteId));
  if (areaRows.length === 0) return NO_GATES;
  const gateRows = await db
    .select({ areaId: memberAreaGates.memberAreaId, kind: memberAreaGates.targetKind, id: memberAreaGates.targetId })
    .from(memberAreaGates)
    .where(eq(memberAreaGates.websiteId, websiteId));
  const collections = new Map<string, string[]>();
  const items = new Map<string, string[]>();
  for (const gate of gateRows) {
    const into = gate.kind === 'collection' ? collections : items;
    into.set(gate.id, [...(into.get(gate.id) ?? []), gate.areaId]);
  }
  const areas = new Map(areaRows.map((a) => [a.id, { ...a, joinUrl: joinPath(a.id) }]));
  return { collections, items, areas };
}

/** What a page, feed entry or search hit is: its collection (with the legacy members flag) and, for an item, the item. */
export interface GatedTarget {
  collectionId: string;
  /** The collection's settings say `access: 'members'` (set by hand before member areas): no area opens it unless one gates it. */
  membersOnly?: boolean;
  itemId?: string;
}

/**
 * The gates that apply to a target: one list of areas per gate (the collection's, the item's);
 * the visitor must hold an area of every list. A collection marked members-only that no area
 * gates has one empty list: nobody opens it.
 */
export function gatesFor(index: GateIndex, target: GatedTarget): string[][] {
  const lists: string[][] = [];
  const ofCollection = index.collections.get(target.collectionId);
  if (ofCollection) lists.push([...ofCollection]);
  else if (target.membersOnly) lists.push([]);
  const ofItem = target.itemId ? index.items.get(target.itemId) : undefined;
  if (ofItem) lists.push([...ofItem]);
  return lists;
}

/** True when any gate applies to the target (it is shown only to members). */
export function isGated(index: GateIndex, target: GatedTarget): boolean {
  return gatesFor(index, target).length > 0;
}

/** The outcome of the access rule for one visitor and target. */
export type AccessDecision = { kind: 'public' } | { kind: 'member' } | { kind: 'denied'; offers: AreaOffer[] };

/** The access rule: public when nothing gates the target; else member when `held` covers every gate; else denied with the areas that would open it. */
export function decideAccess(index: GateIndex, target: GatedTarget, held: ReadonlySet<string>): AccessDecision {
  const lists = gatesFor(index, target);
  if (lists.length === 0) return { kind: 'public' };
  const missing = lists.filter((areas) => !areas.some((id) => held.has(id)));
  if (missing.length === 0) return { kind: 'member' };
  const offers = [...new Set(missing.flat())].flatMap((id) => {
    const area = index.areas.get(id);
    return area ? [area] : [];
  });
  return { kind: 'denied', offers };
}

const heldByCookies = new WeakMap<object, Promise<ReadonlySet<string>>>();

/**
 * The areas the visitor holds now: none without a live site-user session of this site. Read
 * from the database for each request (never from a cache shared between visitors), once per
 * cookies object.
 */
export function visitorAreaIds(
  db: DbOrTx,
  websiteId: string,
  cookies: Readonly<Record<string, string | undefined>> | undefined,
  now: Date,
): Promise<ReadonlySet<string>> {
  if (!cookies) return Promise.resolve(new Set());
  let held = heldByCookies.get(cookies);
  if (!held) {
    held = (async () => {
      const siteUserId = await siteUserOfCookies(db, websiteId, cookies, now);
      return siteUserId ? activeAreaIdsOf(db, websiteId, siteUserId, now) : new Set<string>();
    })();
    heldByCookies.set(cookies, held);
  }
  return held;
}

/**
 * The access rule for a call outside a page (an item's comments, like, reviews): reads the site's
 * gates, and the visitor's areas only when a gate applies to the target. `public` when nothing
 * gates it, `member` when the visitor holds an area of every gate, else `denied`.
 */
export async function visitorAccess(
  db: DbOrTx,
  websiteId: string,
  target: GatedTarget,
  cookies: Readonly<Record<string, string | undefined>> | undefined,
  now: Date,
): Promise<AccessDecision['kind']> {
  const index = await loadGateIndex(db, websiteId);
  if (!isGated(index, target)) return 'public';
  return decideAccess(index, target, await visitorAreaIds(db, websiteId, cookies, now)).kind;
}
