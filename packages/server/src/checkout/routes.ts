import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import {
  CartAnswer,
  cartEmptyError,
  cartIdFromRequest,
  clearCartCookies,
  findCart,
  findSubscriptionCart,
  loadCartJson,
  shippingPatch,
  updateCart,
} from '../cart/index.js';
import { AppError } from '../errors/index.js';
import type { Db } from '../db/types.js';
import { IDEMPOTENCY_HEADER, IdempotencyHeaders, requestHash } from '../http/idempotency-key.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { StripeMessages, StripePaymentProvider, type PaymentProviders } from '../payments/index.js';
import { PaidByGiftCard, placeIntentOrder } from './intent-checkout.js';
import { canonicalOrigin } from '../sites/index.js';
import { visitorLanguageOf } from '../multilingual/index.js';
import { noStore, siteOf } from '../http/request-site.js';
import { readCheckoutInput } from './checkout-input.js';
import { placeOrder } from './place-order.js';
import { CheckoutAnswer, CheckoutBody, SubscriptionCheckoutBody, SubscriptionShippingBody } from './schemas.js';

/** Path of the checkout call. */
export const CHECKOUT_PATH = '/api/commerce/checkout';

/** Path of the subscription checkout call (the cart is named by its token, not the cookie). */
export const SUBSCRIPTION_CHECKOUT_PATH = '/api/commerce/checkout/subscription';

/** Path of the subscription cart's shipping call (location and option, like the cart's own). */
export const SUBSCRIPTION_SHIPPING_PATH = '/api/commerce/checkout/subscription/shipping';

/** Message when a subscription cart token was already used for an order. */
export const SUBSCRIPTION_PURCHASED_MESSAGE = 'This subscription has already been purchased.';

/** Checkout attempts per site and client IP: 10 a minute (card-testing guard). */
export const CHECKOUT_LIMIT = Object.freeze({ name: 'checkout', max: 10, windowMs: 60_000, key: 'site+ip' as const });

/** Registers the checkout calls with each site's payment providers (`deps.payments`), rate-limited per site and IP with `deps.rateLimit`. */
export function registerCheckoutRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCheckoutCalls(app, {
    db: deps.db,
    payments: deps.payments,
    secureCookies: deps.config.secureCookies,
    checkoutLimit: deps.rateLimit({ ...CHECKOUT_LIMIT }),
  });
}

/**
 * Registers POST /api/commerce/checkout: {email, shippingAddress, billingAddress,
 * shippingOptionId, couponCodes, giftCardCode, payment: {provider, cardNumber}} ->
 * {order, confirmationUrl}. An `Idempotency-Key` header makes retries return the same order
 * (`Idempotent-Replayed: true`). Also POST /api/commerce/checkout/subscription: the same body
 * plus `cartToken` (a subscription cart of this site, 404 otherwise); the order records the
 * plan and the visitor's own cart cookie is left alone. A used token is a 409. PUT
 * /api/commerce/checkout/subscription/shipping {cartToken, shippingLocation, shippingOptionId}
 * sets the subscription cart's shipping and returns {shoppingCart}.
 */
function registerCheckoutCalls(
  app: FastifyInstance,
  deps: { db: Db; payments: PaymentProviders; secureCookies: boolean; checkoutLimit: onRequestHookHandler },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['checkout'];
  const orderDeps = async (request: FastifyRequest) => ({
    db: deps.db,
    providers: await deps.payments.forSite(siteOf(request)),
    log: request.log,
    // Links in mail use the site's configured origin, never the request's Host header.
    origin: canonicalOrigin(siteOf(request), app.emporium.config),
    language: visitorLanguageOf(siteOf(request).settings, request.headers),
  });

  const checkoutSchema = {
    tags,
    summary: "Place the order of the visitor's cart",
    headers: IdempotencyHeaders,
    body: CheckoutBody,
    response: withErrors({ 200: CheckoutAnswer }),
  };
  routes.post(CHECKOUT_PATH, { onRequest: deps.checkoutLimit, schema: checkoutSchema }, async (request, reply) => {
    const site = siteOf(request);
    const key = request.headers[IDEMPOTENCY_HEADER];
    const input = readCheckoutInput(request.body);
    let paidByGiftCard = false;
    if (input.payment?.provider === 'stripe') {
      const stripe = (await deps.payments.forSite(site)).get('stripe');
      if (!(stripe instanceof StripePaymentProvider)) throw new AppError('VALIDATION_FAILED', StripeMessages.NOT_CONNECTED);
      const origin = canonicalOrigin(site, app.emporium.config);
      try {
        const language = visitorLanguageOf(site.settings, request.headers);
        const answer = await placeIntentOrder({ db: deps.db, stripe, log: request.log, origin, language }, site, cartIdFromRequest(request), input);
        if (answer.payment.status === 'succeeded') clearCartCookies(reply, deps.secureCookies);
        return noStore(reply).send(answer);
      } catch (error) {
        if (!(error instanceof PaidByGiftCard)) throw error;
        paidByGiftCard = true;
      }
    }
    const result = await placeOrder(
      await orderDeps(request),
      site,
      cartIdFromRequest(request),
      paidByGiftCard ? { ...input, payment: null } : input,
      key ? { key, hash: requestHash(request.body) } : undefined,
    );
    clearCartCookies(reply, deps.secureCookies);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return noStore(reply).send(result.body);
  });

  const subscriptionSchema = {
    tags,
    summary: 'Place the order of a subscription cart (named by its token)',
    headers: IdempotencyHeaders,
    body: SubscriptionCheckoutBody,
    response: withErrors({ 200: CheckoutAnswer }),
  };
  routes.post(SUBSCRIPTION_CHECKOUT_PATH, { onRequest: deps.checkoutLimit, schema: subscriptionSchema }, async (request, reply) => {
    const site = siteOf(request);
    const { cartToken, ...body } = request.body;
    const found = await findSubscriptionCart(deps.db, site, cartToken);
    if (!found) throw new AppError('NOT_FOUND', 'Not found');
    const input = readCheckoutInput(body);
    const key = request.headers[IDEMPOTENCY_HEADER];
    try {
      const result = await placeOrder(
        await orderDeps(request),
        site,
        found.cartId,
        input,
        key ? { key, hash: requestHash(request.body) } : undefined,
        new Date(),
        {
          subscription: found.plan,
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return noStore(reply).send(result.body);
    } catch (error) {
      if (error instanceof AppError && error.message === cartEmptyError().message && !(await findCart(deps.db, site.id, found.cartId))) {
        throw new AppError('CONFLICT', SUBSCRIPTION_PURCHASED_MESSAGE);
      }
      throw error;
    }
  });

  const shippingSchema = {
    tags,
    summary: "Set a subscription cart's shipping location and option",
    body: SubscriptionShippingBody,
    response: withErrors({ 200: CartAnswer }),
  };
  routes.put(SUBSCRIPTION_SHIPPING_PATH, { schema: shippingSchema }, async (request, reply) => {
    const site = siteOf(request);
    const found = await findSubscriptionCart(deps.db, site, request.body.cartToken);
    if (!found || !(await findCart(deps.db, site.id, found.cartId))) throw new AppError('NOT_FOUND', 'Not found');
    await updateCart(deps.db, site.id, found.cartId, shippingPatch(request.body));
    return noStore(reply).send({ shoppingCart: await loadCartJson(deps.db, site, found.cartId) });
  });
}
