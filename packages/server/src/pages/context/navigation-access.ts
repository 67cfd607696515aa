import { decideAccess, joinPath, membershipConfirmedPath, visitorAreaIds, type GateIndex } from '../../member-areas/index.js';
import { pageTextOf } from '../../translations/index.js';
import { collectionSettings } from './collection-context.js';
import { gateIndexOf } from './member-access.js';
import type { PageRequest } from './page-request.js';

/** The accessible text of the lock beside a navigation entry the visitor cannot open. */
export const NAV_MEMBERS_ONLY = 'Members only';

/** How a navigation entry shows a members-only target to a visitor who cannot open it: the lock's label. */
export interface NavLock {
  label: string;
}

/** What a navigation needs to know of the visitor's member areas: how each page entry and area entry shows. */
export interface NavigationAccess {
  /** Undefined when the visitor may open the page; else its lock and the join page of the first area that opens it (none when no area does). */
  lockOfPage(collectionId: string): { joinUrl?: string; lock: NavLock } | undefined;
  /** A member area entry: undefined when the area is not on the site; a member's leads to the membership page, anyone else's to the join page, locked. */
  areaEntry(areaId: string): { name: string; fullUrl: string; lock?: NavLock } | undefined;
}

const LOCK: NavLock = Object.freeze({ label: NAV_MEMBERS_ONLY });

/**
 * The navigation access of a set of gates and the areas a visitor holds. A gated page the
 * visitor cannot open stays in the navigation, marked with a lock (`lock`: its label in the
 * page's language) and leading to the join page of the first area that would open it (its own
 * page, the access-denied page, when no area does).
 */
export function navigationAccessOf(
  index: GateIndex,
  held: ReadonlySet<string>,
  membersOnly: (collectionId: string) => boolean,
  lock: NavLock = LOCK,
): NavigationAccess {
  return {
    lockOfPage(collectionId) {
      const decision = decideAccess(index, { collectionId, membersOnly: membersOnly(collectionId) }, held);
      if (decision.kind !== 'denied') return undefined;
      const joinUrl = decision.offers[0]?.joinUrl;
      return joinUrl ? { joinUrl, lock } : { lock };
    },
    areaEntry(areaId) {
      const area = index.areas.get(areaId);
      if (!area) return undefined;
      if (held.has(areaId)) return { name: area.name, fullUrl: membershipConfirmedPath(areaId) };
      return { name: area.name, fullUrl: joinPath(areaId), lock };
    },
  };
}

const ofRequest = new WeakMap<PageRequest, Promise<NavigationAccess>>();

/**
 * The navigation access of this request's visitor (read once per request). The visitor's areas are
 * read only when the site has member areas; a visitor without a site-user session holds none, so
 * every guest sees the same navigation, the one the shared page cache keeps (a signed-in visitor's
 * pages never enter it).
 */
export function requestNavigationAccess(req: PageRequest): Promise<NavigationAccess> {
  let access = ofRequest.get(req);
  if (!access) {
    access = (async () => {
      const index = await gateIndexOf(req);
      const held = index.areas.size ? await visitorAreaIds(req.db, req.site.id, req.cookies, req.now) : new Set<string>();
      const byId = new Map(req.collections.map((c) => [c.id, c]));
      const label = pageTextOf(req)(NAV_MEMBERS_ONLY);
      return navigationAccessOf(
        index,
        held,
        (id) => {
          const row = byId.get(id);
          return row ? collectionSettings(row).access === 'members' : false;
        },
        label === NAV_MEMBERS_ONLY ? LOCK : { label },
      );
    })();
    ofRequest.set(req, access);
  }
  return access;
}
