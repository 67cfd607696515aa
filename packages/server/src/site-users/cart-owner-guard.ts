import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cartIdFromRequest, clearCartCookies, refuseCartCookie } from '../cart/index.js';
import { carts } from '../db/schema.js';
import { siteUserSessions } from '../db/schema-site-users.js';
import { sha256 } from '../owner-sessions/index.js';
import type { SiteUserDeps } from './accounts.js';
import { siteUserCookieName } from './session-store.js';

/**
 * A cart that belongs to an account is served only with a live session of that account: for
 * any other request (signed out, or signed in to another account) the cart cookie counts as
 * absent, so the browser sees an empty cart, and both cart cookies are expired. One query,
 * only for requests that carry a cart cookie; guest carts pass untouched.
 */
export function registerCartOwnerGuard(app: FastifyInstance, deps: SiteUserDeps): void {
  app.addHook('preHandler', async function cartOwnerOnly(request, reply) {
    const cartId = cartIdFromRequest(request);
    const site = request.site;
    if (!cartId || !site) return;
    const token = request.adminOrigin ? undefined : request.cookies[siteUserCookieName(deps.config.secureCookies)];
    const [row] = await deps.db
      .select({ owner: carts.siteUserId, session: siteUserSessions.id })
      .from(carts)
      .leftJoin(
        siteUserSessions,
        and(
          eq(siteUserSessions.websiteId, carts.websiteId),
          eq(siteUserSessions.siteUserId, carts.siteUserId),
          eq(siteUserSessions.tokenHash, token ? sha256(token) : ''),
          gt(siteUserSessions.expiresAt, deps.now()),
        ),
      )
      .where(and(eq(carts.websiteId, site.id), eq(carts.id, cartId)));
    if (!row || row.owner === null || row.session !== null) return;
    refuseCartCookie(request);
    clearCartCookies(reply, deps.config.secureCookies);
  });
}
