/**
 * Member areas: what an owner sells access to (a price or free, once or recurring through the
 * subscriptions, a trial), the pages, collections and posts each gates, the memberships of site
 * users, the join page that sells an area through its paywall product, and the one access rule
 * that pages, their JSON, feeds, search, sitemaps and media apply.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { registerCustomerMembershipRoutes } from './customer-membership-routes.js';
import { registerJoinRoutes } from './join-routes.js';
import { registerMediaGuard } from './media-guard.js';
import { registerMemberAreaOwnerRoutes } from './owner-routes.js';

/** Options of {@link registerMemberAreas}. */
export interface MemberAreaOptions {
  /** The clock of sessions and memberships (tests move it). */
  now?: () => Date;
}

/** Registers the owner's member-area calls (a customer's memberships among them), each area's join page and the guard of gated images. */
export function registerMemberAreas(app: FastifyInstance, deps: AppDeps, options: MemberAreaOptions = {}): void {
  registerMemberAreaOwnerRoutes(app, deps);
  const clock = options.now ?? (() => new Date());
  registerCustomerMembershipRoutes(app, deps, clock);
  registerJoinRoutes(app, deps, clock);
  registerMediaGuard(app, deps, clock);
}

export {
  decideAccess,
  gatesFor,
  isGated,
  loadGateIndex,
  NO_GATES,
  visitorAccess,
  visitorAreaIds,
  type AccessDecision,
  type AreaOffer,
  type GatedTarget,
  type GateIndex,
} from './access-rule.js';
export { createArea, joinPath, type AreaInput } from './area-repository.js';
export { JOIN_ROUTE, membershipConfirmedPath } from './join-routes.js';
export { MemberAreaMessages, MAX_GATES_PER_AREA, MAX_MEMBER_AREAS } from './messages.js';
export { OWNER_MEMBER_AREAS_PATH, MEMBER_AREA_BODY_LIMIT } from './owner-routes.js';
export { CustomerMembershipMessages } from './customer-membership-routes.js';
export { priceText } from './join-html.js';
export { imageAccess } from './media-access.js';
export { activeMembershipStartsOf, siteUserOfCookies } from './membership-repository.js';
export { findArea, gateCollectionBy, listAreas, type MemberAreaRow } from './area-repository.js';
