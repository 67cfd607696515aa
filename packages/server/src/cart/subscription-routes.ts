import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { readAdditionalFields, readQuantity } from './entry-input.js';
import { createSubscriptionCart } from './subscription-cart.js';
import type { Db } from '../db/types.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { noStore, siteOf } from '../http/request-site.js';
import { SubscriptionCartAnswer, SubscriptionCartBody } from './schemas.js';

/** Spec 7 path of the subscription cart call. */
export const SUBSCRIPTION_CART_PATH = '/api/3/commerce/cart/subscription';

/** Registers POST /api/3/commerce/cart/subscription ({itemId, sku, qty, additionalFields} -> {cartToken}). */
export function registerSubscriptionRoutes(app: FastifyInstance, deps: { db: Db; addToCartLimit: onRequestHookHandler }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['cart'],
    summary: 'Make a one-entry cart to buy a product as a subscription',
    body: SubscriptionCartBody,
    response: withErrors({ 200: SubscriptionCartAnswer }),
  };
  routes.post(SUBSCRIPTION_CART_PATH, { onRequest: deps.addToCartLimit, schema }, async (request, reply) => {
    const site = siteOf(request);
    const { itemId, sku, qty, additionalFields } = request.body;
    const cartToken = await createSubscriptionCart(deps.db, site, {
      itemId,
      sku,
      quantity: readQuantity(qty),
      additionalFields: readAdditionalFields(additionalFields),
    });
    return noStore(reply).send({ cartToken });
  });
}
