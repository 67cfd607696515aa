import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { cartIdFromRequest, clearCartCookies, findCart, loadCartJson, parseShippingLocation, readBody, updateCart } from '../cart/index.js';
import { findSubscriptionCart } from '../cart/subscription-cart.js';
import { cartEmptyError, IDEMPOTENCY_HEADER, placeOrder, readCheckoutInput, readIdempotencyKey, requestHash } from '../checkout/index.js';
import { AppError } from '../http/errors.js';
import type { Db } from '../db/types.js';
import type { PaymentProvider } from '../payments/index.js';
import { noStore, siteOf } from './request-site.js';

/** Path of the checkout call. */
export const CHECKOUT_PATH = '/api/commerce/checkout';

/** Path of the subscription checkout call (the cart is named by its token, not the cookie). */
export const SUBSCRIPTION_CHECKOUT_PATH = '/api/commerce/checkout/subscription';

/** Path of the subscription cart's shipping call (location and option, like the cart's own). */
export const SUBSCRIPTION_SHIPPING_PATH = '/api/commerce/checkout/subscription/shipping';

/** Message when a subscription cart token was already used for an order. */
export const SUBSCRIPTION_PURCHASED_MESSAGE = 'This subscription has already been purchased.';

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
export function registerCheckoutRoutes(
  app: FastifyInstance,
  deps: { db: Db; providers: ReadonlyMap<string, PaymentProvider>; secureCookies: boolean; checkoutLimit: onRequestHookHandler },
): void {
  app.post(CHECKOUT_PATH, { onRequest: deps.checkoutLimit }, async (request, reply) => {
    const site = siteOf(request);
    const input = readCheckoutInput(request.body);
    const key = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
    const result = await placeOrder(
      { db: deps.db, providers: deps.providers, log: request.log },
      site,
      cartIdFromRequest(request),
      input,
      key ? { key, hash: requestHash(request.body) } : undefined,
    );
    clearCartCookies(reply, deps.secureCookies);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return noStore(reply).send(result.body);
  });

  app.post(SUBSCRIPTION_CHECKOUT_PATH, { onRequest: deps.checkoutLimit }, async (request, reply) => {
    const site = siteOf(request);
    const body = request.body as Record<string, unknown> | null | undefined;
    const found = await findSubscriptionCart(deps.db, site, body && typeof body === 'object' ? body.cartToken : undefined);
    if (!found) throw new AppError('NOT_FOUND', 'Not found');
    const input = readCheckoutInput(request.body);
    const key = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
    try {
      const result = await placeOrder(
        { db: deps.db, providers: deps.providers, log: request.log },
        site,
        found.cartId,
        input,
        key ? { key, hash: requestHash(request.body) } : undefined,
        new Date(),
        { subscription: found.plan },
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

  app.put(SUBSCRIPTION_SHIPPING_PATH, async (request, reply) => {
    const site = siteOf(request);
    const body = readBody(request.body);
    const found = await findSubscriptionCart(deps.db, site, body.cartToken);
    if (!found || !(await findCart(deps.db, site.id, found.cartId))) throw new AppError('NOT_FOUND', 'Not found');
    const patch: Parameters<typeof updateCart>[3] = {};
    if (body.shippingLocation !== undefined) patch.shippingLocation = { ...parseShippingLocation(body.shippingLocation) };
    if (body.shippingOptionId !== undefined) {
      if (typeof body.shippingOptionId !== 'string' || body.shippingOptionId.length > 64) throw new AppError('VALIDATION_FAILED', 'shippingOptionId must be a string.');
      patch.selectedShippingOption = { id: body.shippingOptionId };
    }
    await updateCart(deps.db, site.id, found.cartId, patch);
    return noStore(reply).send({ shoppingCart: await loadCartJson(deps.db, site, found.cartId) });
  });
}
