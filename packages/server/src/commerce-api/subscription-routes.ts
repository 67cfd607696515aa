import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { createSubscriptionCart, readAdditionalFields, readBody, readId, readQuantity, readSku } from '../cart/index.js';
import type { Db } from '../db/types.js';
import { noStore, siteOf } from './request-site.js';

/** Spec 7 path of the subscription cart call. */
export const SUBSCRIPTION_CART_PATH = '/api/3/commerce/cart/subscription';

/** Registers POST /api/3/commerce/cart/subscription ({itemId, sku, qty, additionalFields} -> {cartToken}). */
export function registerSubscriptionRoutes(app: FastifyInstance, deps: { db: Db; addToCartLimit: onRequestHookHandler }): void {
  app.post(SUBSCRIPTION_CART_PATH, { onRequest: deps.addToCartLimit }, async (request, reply) => {
    const site = siteOf(request);
    const body = readBody(request.body);
    const cartToken = await createSubscriptionCart(deps.db, site, {
      itemId: readId(body.itemId, 'itemId'),
      sku: readSku(body.sku),
      quantity: readQuantity(body.qty),
      additionalFields: readAdditionalFields(body.additionalFields),
    });
    return noStore(reply).send({ cartToken });
  });
}
