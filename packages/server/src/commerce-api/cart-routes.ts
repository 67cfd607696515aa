import { AddToCartMessages } from '@emporium/commerce';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import {
  addEntry,
  cartIdFromRequest,
  changeEntryQuantity,
  clearCartCookies,
  findCart,
  loadPricedCart,
  entryJson,
  cartJson,
  normalizeCouponCode,
  parseShippingLocation,
  priceCart,
  readAdditionalFields,
  readBody,
  readId,
  readQuantity,
  readSku,
  removeEntry,
  setCartCookies,
  updateCart,
  updateEntryAdditionalFields,
  type CartChange,
} from '../cart/index.js';
import { cartEmptyError } from '../checkout/index.js';
import type { Db } from '../db/types.js';
import { AppError, notFound } from '../http/errors.js';
import type { Website } from '../sites/website.js';
import { cachedPricingSources } from '../pages/site-cache.js';
import { noStore, siteOf } from './request-site.js';

/** Paths of the cart API (spec 7 plus the quantity, removal, coupon and shipping calls). */
export const CartPaths = Object.freeze({
  CART: '/api/commerce/shopping-cart',
  ENTRIES: '/api/commerce/shopping-cart/entries',
  ENTRY: '/api/commerce/shopping-cart/entries/:entryId',
  ENTRY_FIELDS: '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
  COUPONS: '/api/commerce/shopping-cart/coupons',
  COUPON: '/api/commerce/shopping-cart/coupons/:code',
  SHIPPING: '/api/commerce/shopping-cart/shipping',
});

/** Largest number of coupon codes a cart holds. */
export const MAX_CART_COUPONS = 5;

interface CartRouteDeps {
  db: Db;
  secureCookies: boolean;
  addToCartLimit: onRequestHookHandler;
  couponLimit: onRequestHookHandler;
}

/** The cart a change left, priced from what the change read, and the JSON of one of its entries (null when gone). */
async function changeResponse(db: Db, site: Website, change: CartChange, entryId: string | null) {
  const priced = await priceCart(db, site, change.cart, change.entries, new Date(), cachedPricingSources(db, site, undefined, change.products));
  const line = entryId ? priced.lines.find((l) => l.entry.id === entryId) : undefined;
  return { shoppingCart: cartJson(priced, site.id), entry: line ? entryJson(line) : null };
}

/** The spec 3 JSON of the open cart with this id (empty when none), priced with the cart API's sources. */
async function cartAnswer(db: Db, site: Website, cartId: string | undefined) {
  return cartJson(await loadPricedCart(db, site, cartId, undefined, cachedPricingSources(db, site)), site.id);
}

function entryIdParam(params: unknown): string {
  const id = (params as { entryId?: string }).entryId ?? '';
  if (!/^[0-9a-f]{32}$/.test(id)) throw notFound();
  return id;
}

function readEntryQuantity(value: unknown): number {
  if (value === 0 || value === '0') return 0;
  if (value === undefined || value === null) throw new AppError('VALIDATION_FAILED', AddToCartMessages.QUANTITY_NOT_NUMBER);
  return readQuantity(value);
}

/** Registers the shopping-cart routes. */
export function registerCartRoutes(app: FastifyInstance, deps: CartRouteDeps): void {
  const { db, secureCookies } = deps;

  app.get(CartPaths.CART, async (request, reply) => {
    const site = siteOf(request);
    const cartId = cartIdFromRequest(request);
    const cart = await cartAnswer(db, site, cartId);
    if (cartId && cart.id === '') clearCartCookies(reply, secureCookies);
    return noStore(reply).send(cart);
  });

  app.post(CartPaths.ENTRIES, { onRequest: deps.addToCartLimit }, async (request, reply) => {
    const site = siteOf(request);
    const body = readBody(request.body);
    const input = {
      itemId: readId(body.itemId, 'itemId'),
      sku: readSku(body.sku),
      quantity: readQuantity(body.quantity),
      additionalFields: readAdditionalFields(body.additionalFields),
    };
    const result = await addEntry(db, site, cartIdFromRequest(request), input);
    if (result.newCart) setCartCookies(reply, result.cartId, secureCookies);
    const { shoppingCart, entry } = await changeResponse(db, site, result, result.entryId);
    return noStore(reply).send({ shoppingCart, newlyAdded: entry });
  });

  app.put(CartPaths.ENTRY, async (request, reply) => {
    const site = siteOf(request);
    const entryId = entryIdParam(request.params);
    const quantity = readEntryQuantity(readBody(request.body).quantity);
    const change = await changeEntryQuantity(db, site, cartIdFromRequest(request), entryId, quantity);
    const { shoppingCart, entry } = await changeResponse(db, site, change, change.kept ? entryId : null);
    return noStore(reply).send({ shoppingCart, updatedEntry: entry });
  });

  app.delete(CartPaths.ENTRY, async (request, reply) => {
    const site = siteOf(request);
    const entryId = entryIdParam(request.params);
    const change = await removeEntry(db, site, cartIdFromRequest(request), entryId);
    return noStore(reply).send({ shoppingCart: (await changeResponse(db, site, change, null)).shoppingCart });
  });

  app.put(CartPaths.ENTRY_FIELDS, async (request, reply) => {
    const site = siteOf(request);
    const entryId = entryIdParam(request.params);
    const body = readBody(request.body);
    const change = await updateEntryAdditionalFields(db, site, cartIdFromRequest(request), entryId, {
      itemId: readId(body.itemId, 'itemId'),
      sku: readSku(body.sku),
      additionalFields: readAdditionalFields(body.additionalFields),
    });
    const { shoppingCart, entry } = await changeResponse(db, site, change, entryId);
    return noStore(reply).send({ shoppingCart, updatedEntry: entry });
  });

  app.post(CartPaths.COUPONS, { onRequest: deps.couponLimit }, async (request, reply) => {
    const site = siteOf(request);
    const body = readBody(request.body);
    const code = typeof body.code === 'string' ? normalizeCouponCode(body.code) : '';
    if (!code) throw new AppError('VALIDATION_FAILED', 'Please enter a coupon code.');
    const cart = await openCartOf(db, site, cartIdFromRequest(request));
    const codes = couponCodesOf(cart.coupons).filter((c) => c !== code);
    if (codes.length >= MAX_CART_COUPONS) throw new AppError('VALIDATION_FAILED', `A cart can hold at most ${MAX_CART_COUPONS} coupons.`);
    await updateCart(db, site.id, cart.id, { coupons: [...codes, code] });
    return noStore(reply).send({ shoppingCart: await cartAnswer(db, site, cart.id) });
  });

  app.delete(CartPaths.COUPON, async (request, reply) => {
    const site = siteOf(request);
    const code = normalizeCouponCode((request.params as { code?: string }).code ?? '');
    const cart = await openCartOf(db, site, cartIdFromRequest(request));
    const codes = couponCodesOf(cart.coupons).filter((c) => c !== code);
    await updateCart(db, site.id, cart.id, { coupons: codes });
    return noStore(reply).send({ shoppingCart: await cartAnswer(db, site, cart.id) });
  });

  app.put(CartPaths.SHIPPING, async (request, reply) => {
    const site = siteOf(request);
    const body = readBody(request.body);
    const cart = await openCartOf(db, site, cartIdFromRequest(request));
    const patch: Parameters<typeof updateCart>[3] = {};
    if (body.shippingLocation !== undefined) patch.shippingLocation = { ...parseShippingLocation(body.shippingLocation) };
    if (body.shippingOptionId !== undefined) {
      if (typeof body.shippingOptionId !== 'string' || body.shippingOptionId.length > 64) {
        throw new AppError('VALIDATION_FAILED', 'shippingOptionId must be a string.');
      }
      patch.selectedShippingOption = { id: body.shippingOptionId };
    }
    await updateCart(db, site.id, cart.id, patch);
    return noStore(reply).send({ shoppingCart: await cartAnswer(db, site, cart.id) });
  });
}

function couponCodesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
}

async function openCartOf(db: Db, site: Website, cartId: string | undefined) {
  const cart = cartId ? await findCart(db, site.id, cartId) : undefined;
  if (!cart) throw cartEmptyError();
  return cart;
}
