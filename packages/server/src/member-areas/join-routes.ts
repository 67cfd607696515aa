import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { CHECKOUT_LIMIT } from '../checkout/index.js';
import { AppError } from '../errors/index.js';
import { htmlResponse, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { STRIPE_JS_CSP_SOURCES, StripeMessages, stripePublicConfig } from '../payments/index.js';
import { readSiteUserSettings } from '../site-users/index.js';
import { canonicalOrigin, siteOf } from '../sites/index.js';
import { findArea, joinPath, type MemberAreaRow } from './area-repository.js';
import type { JoinPaymentProps } from '@emporium/storefront';
import { onOrderCompleted } from '../checkout/index.js';
import { grantOrderMemberships, grantPaidMemberships } from './join-grants.js';
import { hasTrial, joinPage, type JoinNotice, type JoinState } from './join-html.js';
import { findJoiner, joinArea, planOf, type JoinOutcome, type JoinPayment } from './join-service.js';
import { activeAreaIdsOf, siteUserOfCookies } from './membership-repository.js';
import { MemberAreaMessages } from './messages.js';
import { AreaParams, JoinForm, JoinPaymentAnswer, JoinPaymentBody } from './schemas.js';

/** Path of the membership-confirmed page (page type 208) of an area. */
export function membershipConfirmedPath(areaId: string): string {
  return `/checkout/membership-confirmed/${encodeURIComponent(areaId)}`;
}

/** The join page's path pattern. */
export const JOIN_ROUTE = '/commerce/join/:areaId';

/** The join page's card payment call (JSON): Stripe's PaymentMethod of the Payment Element. */
export const JOIN_PAYMENT_ROUTE = '/commerce/join/:areaId/payment';

/** Path of an area's card payment call. */
export function joinPaymentPath(areaId: string): string {
  return `/commerce/join/${encodeURIComponent(areaId)}/payment`;
}

/** Largest join form post. */
const JOIN_BODY_LIMIT = 4096;

/** The island's texts: the member-area messages, exactly as written there. */
const PAYMENT_TEXTS: JoinPaymentProps['messages'] = Object.freeze({
  unavailable: MemberAreaMessages.CARD_PAYMENTS_UNAVAILABLE,
  incomplete: MemberAreaMessages.PAYMENT_DETAILS_INCOMPLETE,
  authenticationFailed: MemberAreaMessages.AUTHENTICATION_FAILED,
  processing: MemberAreaMessages.PAYMENT_PROCESSING,
  connection: MemberAreaMessages.CONNECTION_FAILED,
});

/**
 * Registers the join page of each member area on its site (GET and the form's POST), and the
 * card payment call of its Stripe island. Joining needs a signed-in site user (the membership is
 * theirs); a paid area is bought through the checkout, with the test card, or on a site with
 * Stripe with Stripe's Payment Element (the page alone then allows Stripe.js in its
 * Content-Security-Policy), then the visitor is sent to the membership-confirmed page (208). The
 * membership is granted when the order is paid, whenever that is (checkout's order-completed
 * listener).
 */
export function registerJoinRoutes(app: FastifyInstance, deps: AppDeps, clock: () => Date): void {
  onOrderCompleted(grantOrderMemberships);
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
    const held = siteUserId ? await activeAreaIdsOf(deps.db, site.id, siteUserId, now) : new Set<string>();
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

  /** The Stripe island's props when the site has Stripe and the visitor may buy the paid area (the page then allows Stripe.js). */
  async function paymentOf(request: FastifyRequest, area: MemberAreaRow, state: JoinState, siteUserId: string | undefined) {
    if (state !== 'can-join' || area.priceCents <= 0 || !siteUserId) return undefined;
    const site = siteOf(request);
    const stripe = await stripePublicConfig(deps.db, site.id);
    const joiner = stripe ? await findJoiner(deps.db, site.id, siteUserId) : undefined;
    if (!stripe || !joiner) return undefined;
    request.cspExtension = STRIPE_JS_CSP_SOURCES;
    const props: JoinPaymentProps = {
      action: joinPaymentPath(area.id),
      stripe: { publishableKey: stripe.publishableKey, accountCountry: stripe.accountCountry, testMode: stripe.testMode },
      amountCents: area.priceCents,
      currency: site.settings.currency,
      savedForLater: planOf(area) !== undefined || hasTrial(area),
      email: joiner.email,
      messages: PAYMENT_TEXTS,
    };
    return props;
  }

  const page = (request: FastifyRequest, area: MemberAreaRow, state: JoinState, notice?: JoinNotice, payment?: JoinPaymentProps) =>
    joinPage(siteOf(request), area, state, request.crumb ?? '', joinPath(area.id), notice, payment);

  routes.get(
    JOIN_ROUTE,
    { schema: { tags, summary: "A member area's join page", params: AreaParams, response: withErrors({ 200: htmlResponse('The join page') }) } },
    async (request, reply) => {
      const found = await context(request, request.params.areaId);
      if (!found) return reply.callNotFound();
      const payment = await paymentOf(request, found.area, found.state, found.siteUserId);
      return send(reply, 200, page(request, found.area, found.state, undefined, payment));
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
          { provider: 'test', cardNumber: request.body.cardNumber ?? '' },
        );
      } catch (cause) {
        if (!(cause instanceof AppError)) throw cause;
        const payment = await paymentOf(request, area, 'can-join', siteUserId);
        return send(reply, cause.status, page(request, area, 'can-join', { kind: 'error', text: cause.message }, payment));
      }
      return reply.redirect(membershipConfirmedPath(area.id), 303);
    },
  );

  routes.post(
    JOIN_PAYMENT_ROUTE,
    {
      bodyLimit: JOIN_BODY_LIMIT,
      onRequest: deps.rateLimit({ ...CHECKOUT_LIMIT, name: 'member-area-join' }),
      schema: {
        tags,
        summary: "Joins a paid member area with Stripe's Payment Element (the crumb in X-CSRF-Token)",
        params: AreaParams,
        body: JoinPaymentBody,
        response: withErrors({ 200: JoinPaymentAnswer }),
      },
    },
    async (request, reply) => {
      const found = await context(request, request.params.areaId);
      if (!found) throw new AppError('NOT_FOUND', MemberAreaMessages.NOT_FOUND);
      const { site, area, state, now, siteUserId } = found;
      const confirmed = { status: 'succeeded' as const, redirectUrl: membershipConfirmedPath(area.id) };
      reply.header('cache-control', 'no-store');
      // Already held: a second call after 3-D Secure whose payment the webhook settled first.
      if (state === 'member') return confirmed;
      if (state === 'signed-out') throw new AppError('UNAUTHORIZED', MemberAreaMessages.SIGN_IN_TO_JOIN);
      if (state === 'accounts-off') throw new AppError('NOT_FOUND', MemberAreaMessages.ACCOUNTS_OFF);
      if (state !== 'can-join' || !siteUserId) throw new AppError('CONFLICT', MemberAreaMessages.NOT_FOR_SALE);
      if (area.priceCents <= 0) throw new AppError('CONFLICT', MemberAreaMessages.CARD_PAYMENT_NOT_NEEDED);
      const providers = await deps.payments.forSite(site);
      if (!providers.has('stripe')) throw new AppError('CONFLICT', StripeMessages.NOT_CONNECTED);
      const joiner = await findJoiner(deps.db, site.id, siteUserId);
      if (!joiner) throw new AppError('UNAUTHORIZED', MemberAreaMessages.SIGN_IN_TO_JOIN);
      const pay: JoinPayment = { provider: 'stripe', paymentMethod: request.body.paymentMethod };
      let outcome: JoinOutcome;
      try {
        outcome = await joinArea({ db: deps.db, providers, log: request.log, origin: canonicalOrigin(site, deps.config), now }, site, area, joiner, pay);
      } catch (cause) {
        // A join that finished meanwhile (another tab, the webhook): the membership is held.
        if (cause instanceof AppError && cause.message === MemberAreaMessages.ALREADY_MEMBER) return confirmed;
        throw cause;
      }
      if (outcome.status === 'requires_action')
        return { status: 'requires_action' as const, clientSecret: outcome.clientSecret, redirectUrl: confirmed.redirectUrl };
      if (outcome.status === 'processing') return { status: 'processing' as const, redirectUrl: confirmed.redirectUrl };
      return confirmed;
    },
  );
}
