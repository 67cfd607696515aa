import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { CHECKOUT_LIMIT } from '../checkout/index.js';
import { AppError } from '../errors/index.js';
import { htmlResponse, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { readSiteUserSettings } from '../site-users/index.js';
import { canonicalOrigin, siteOf } from '../sites/index.js';
import { findArea, joinPath, type MemberAreaRow } from './area-repository.js';
import { joinPage, type JoinNotice, type JoinState } from './join-html.js';
import { findJoiner, grantPaidMemberships, joinArea } from './join-service.js';
import { activeAreaIdsOf, siteUserOfCookies } from './membership-repository.js';
import { MemberAreaMessages } from './messages.js';
import { AreaParams, JoinForm } from './schemas.js';

/** Path of the membership-confirmed page (page type 208) of an area. */
export function membershipConfirmedPath(areaId: string): string {
  return `/checkout/membership-confirmed/${encodeURIComponent(areaId)}`;
}

/** The join page's path pattern. */
export const JOIN_ROUTE = '/commerce/join/:areaId';

/** Largest join form post. */
const JOIN_BODY_LIMIT = 4096;

/**
 * Registers the join page of each member area on its site (GET and the form's POST). Joining
 * needs a signed-in site user (the membership is theirs); a paid area is bought through the
 * checkout with the store's test provider, then the visitor is sent to the membership-confirmed
 * page (208).
 */
export function registerJoinRoutes(app: FastifyInstance, deps: AppDeps, clock: () => Date): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['member areas'];
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(html);

  /** The area and who is asking; undefined when the site has no such area (or on the dashboard's origin). */
  async function context(request: FastifyRequest, areaId: string) {
    if (request.adminOrigin || !request.site) return undefined;
    const site = siteOf(request);
    const area = await findArea(deps.db, site.id, areaId);
    if (!area) return undefined;
    const now = clock();
    const accountsOn = (await readSiteUserSettings(deps.db, site.id)).accountsEnabled;
    const siteUserId = accountsOn ? await siteUserOfCookies(deps.db, site.id, request.cookies, now) : undefined;
    if (siteUserId) await grantPaidMemberships(deps.db, site.id, siteUserId, now);
    const held = siteUserId ? await activeAreaIdsOf(deps.db, site.id, siteUserId) : new Set<string>();
    const state: JoinState = !accountsOn
      ? 'accounts-off'
      : !siteUserId
        ? 'signed-out'
        : held.has(area.id)
          ? 'member'
          : area.priceCents > 0 && !area.productItemId
            ? 'not-for-sale'
            : 'can-join';
    return { site, area, now, siteUserId, state };
  }

  const page = (request: FastifyRequest, area: MemberAreaRow, state: JoinState, notice?: JoinNotice) =>
    joinPage(siteOf(request), area, state, request.crumb ?? '', joinPath(area.id), notice);

  routes.get(
    JOIN_ROUTE,
    { schema: { tags, summary: "A member area's join page", params: AreaParams, response: withErrors({ 200: htmlResponse('The join page') }) } },
    async (request, reply) => {
      const found = await context(request, request.params.areaId);
      if (!found) return reply.callNotFound();
      return send(reply, 200, page(request, found.area, found.state));
    },
  );

  routes.post(
    JOIN_ROUTE,
    {
      bodyLimit: JOIN_BODY_LIMIT,
      onRequest: deps.rateLimit({ ...CHECKOUT_LIMIT, name: 'member-area-join' }),
      schema: {
        tags,
        summary: 'Joins a member area as the signed-in site user (a paid area is bought with the test card)',
        params: AreaParams,
        body: JoinForm,
        response: withErrors({ 303: htmlResponse('To the membership-confirmed page'), 200: htmlResponse('The join page with a notice') }),
      },
    },
    async (request, reply) => {
      const found = await context(request, request.params.areaId);
      if (!found) return reply.callNotFound();
      const { site, area, state, now, siteUserId } = found;
      if (state === 'member') return reply.redirect(membershipConfirmedPath(area.id), 303);
      if (state !== 'can-join' || !siteUserId) {
        const status = state === 'signed-out' ? 401 : state === 'accounts-off' ? 404 : 409;
        const text =
          state === 'signed-out'
            ? MemberAreaMessages.SIGN_IN_TO_JOIN
            : state === 'accounts-off'
              ? MemberAreaMessages.ACCOUNTS_OFF
              : MemberAreaMessages.NOT_FOR_SALE;
        return send(reply, status, page(request, area, state, { kind: 'error', text }));
      }
      const joiner = await findJoiner(deps.db, site.id, siteUserId);
      if (!joiner) return send(reply, 401, page(request, area, 'signed-out', { kind: 'error', text: MemberAreaMessages.SIGN_IN_TO_JOIN }));
      try {
        await joinArea(
          { db: deps.db, providers: await deps.payments.forSite(site), log: request.log, origin: canonicalOrigin(site, deps.config), now },
          site,
          area,
          joiner,
          request.body.cardNumber,
        );
      } catch (cause) {
        if (!(cause instanceof AppError)) throw cause;
        return send(reply, cause.status, page(request, area, 'can-join', { kind: 'error', text: cause.message }));
      }
      return reply.redirect(membershipConfirmedPath(area.id), 303);
    },
  );
}
