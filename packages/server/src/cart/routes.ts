import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { addEntry } from './add-entry.js';
import { cachedPricingSources } from './cached-pricing.js';
import { CART_MARKER_COOKIE, cartIdFromRequest, clearCartCookies, setCartCookies, setCartCount } from './cart-cookies.js';
import { cartEmptyError, changeEntryQuantity, removeEntry, updateEntryAdditionalFields, type AddEntryInput, type CartChange } from './cart-entries.js';
import { cartJson, entryJson } from './cart-json.js';
import { priceCart } from './cart-pricing.js';
import { findCart, updateCart } from './cart-repository.js';
import { readCartSnapshot } from './cart-snapshot.js';
import { normalizeCouponCode } from './coupons.js';
import { readAdditionalFields, readEntryQuantity, readQuantity } from './entry-input.js';
import { addEntryOnce, type AddKey } from './keyed-add.js';
import type { Db } from '../db/types.js';
import { AppError, notFound } from '../errors/index.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MISMATCH, IdempotencyHeaders, requestHash } from '../http/idempotency-key.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import type { Website } from '../sites/index.js';
import { visitorLanguageOf } from '../multilingual/index.js';
import { siteDataAt } from '../site-data/index.js';
import { noStore, siteOf } from '../http/request-site.js';
import {
  AddEntryAnswer,
  AddEntryBody,
  CartAnswer,
  ChangeQuantityBody,
  CouponBody,
  COUPON_CODE_MISSING,
  CouponParams,
  EntryChangeAnswer,
  EntryFieldsBody,
  EntryParams,
  ShippingBody,
  ShoppingCartSchema,
} from './schemas.js';
import { shippingPatch } from './shipping-patch.js';
import { registerSubscriptionRoutes } from './subscription-routes.js';

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

/** Message when a repeat arrives before the first add with its Idempotency-Key has finished. */
export const ADD_IN_PROGRESS_MESSAGE = 'An add to cart with this Idempotency-Key is still in progress.';

/** Largest number of coupon codes a cart holds. */
export const MAX_CART_COUPONS = 5;

/** Add-to-cart limit per site and client IP: 20 adds in 10 seconds. */
export const ADD_TO_CART_LIMIT = Object.freeze({ name: 'cart-add', max: 20, windowMs: 10_000, key: 'site+ip' as const });

/** Coupon codes tried per site and client IP: 10 a minute (code-guessing guard). */
export const COUPON_LIMIT = Object.freeze({ name: 'cart-coupon', max: 10, windowMs: 60_000, key: 'site+ip' as const });

/**
 * Registers the cart calls: the shopping cart (spec 7 paths) and the subscription cart. Adds to
 * either cart and coupon entry are rate-limited per site and IP with `deps.rateLimit`.
 */
export function registerCartRoutes(app: FastifyInstance, deps: AppDeps): void {
  const addToCartLimit = deps.rateLimit({ ...ADD_TO_CART_LIMIT });
  registerShoppingCartRoutes(app, { db: deps.db, secureCookies: deps.config.secureCookies, addToCartLimit, couponLimit: deps.rateLimit({ ...COUPON_LIMIT }) });
  registerSubscriptionRoutes(app, { db: deps.db, addToCartLimit });
}

interface CartRouteDeps {
  db: Db;
  secureCookies: boolean;
  addToCartLimit: onRequestHookHandler;
  couponLimit: onRequestHookHandler;
}

/** The cart a change left, priced from what the change read, and the JSON of one of its entries (null when gone). */
async function changeResponse(db: Db, site: Website, change: CartChange & { contentVersion?: number }, entryId: string | null) {
  const data = change.contentVersion === undefined ? undefined : siteDataAt(db, site.id, change.contentVersion);
  const priced = await priceCart(db, site, change.cart, change.entries, new Date(), cachedPricingSources(db, site, data, change.products));
  const line = entryId ? priced.lines.find((l) => l.entry.id === entryId) : undefined;
  return { shoppingCart: cartJson(priced, site.id), entry: line ? entryJson(line) : null };
}

/**
 * The spec 3 JSON of the open cart with this id (empty when none): the cart, its entries and
 * their products in one statement, shipping options and tax rules from the per-site cache.
 */
async function cartAnswer(db: Db, site: Website, cartId: string | undefined) {
  const snapshot = cartId ? await readCartSnapshot(db, site.id, cartId) : undefined;
  if (!snapshot) return cartJson(await priceCart(db, site, null, []), site.id);
  const sources = cachedPricingSources(db, site, siteDataAt(db, site.id, snapshot.contentVersion), snapshot.products);
  return cartJson(await priceCart(db, site, snapshot.cart, snapshot.entries, new Date(), sources), site.id);
}

/**
 * A keyed add (`Idempotency-Key`): added once, its answer priced inside the add's transaction
 * and stored, so repeats get the same status, body and cart cookies (marked
 * `Idempotent-Replayed: true`).
 */
async function keyedAdd(db: Db, site: Website, cartId: string | undefined, input: AddEntryInput, addKey: AddKey) {
  const outcome = await addEntryOnce(db, site, cartId, input, addKey, cachedPricingSources(db, site), (priced, result) => {
    const line = priced.lines.find((l) => l.entry.id === result.entryId);
    return { shoppingCart: cartJson(priced, site.id), newlyAdded: line ? entryJson(line) : null };
  });
  if (outcome.kind === 'mismatch') throw new AppError('UNPROCESSABLE', IDEMPOTENCY_MISMATCH);
  if (outcome.kind === 'pending') throw new AppError('CONFLICT', ADD_IN_PROGRESS_MESSAGE);
  return outcome;
}

function entryIdOf(params: { entryId: string }): string {
  if (!/^[0-9a-f]{32}$/.test(params.entryId)) throw notFound();
  return params.entryId;
}

/** Registers the shopping-cart routes. */
function registerShoppingCartRoutes(app: FastifyInstance, deps: CartRouteDeps): void {
  const { db, secureCookies } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];
  /** Keeps the marker cookie's item count in step with the cart (written only when it differs). */
  const markCount = (request: FastifyRequest, reply: FastifyReply, quantity: number) => {
    if (request.cookies?.[CART_MARKER_COOKIE] !== String(quantity)) setCartCount(reply, secureCookies, quantity);
  };

  routes.get(
    CartPaths.CART,
    { schema: { tags, summary: "The visitor's open cart (empty when none)", response: withErrors({ 200: ShoppingCartSchema }) } },
    async (request, reply) => {
      const site = siteOf(request);
      const cartId = cartIdFromRequest(request);
      const cart = await cartAnswer(db, site, cartId);
      if (cartId && cart.id === '') clearCartCookies(reply, secureCookies);
      else if (cartId) markCount(request, reply, cart.totalQuantity);
      return noStore(reply).send(cart);
    },
  );

  const addSchema = {
    tags,
    summary: 'Add a product variant to the cart (creates the cart and its cookies when needed)',
    headers: IdempotencyHeaders,
    body: AddEntryBody,
    response: withErrors({ 200: AddEntryAnswer }),
  };
  routes.post(CartPaths.ENTRIES, { onRequest: deps.addToCartLimit, schema: addSchema }, async (request, reply) => {
    const site = siteOf(request);
    const { body } = request;
    const input = {
      itemId: body.itemId,
      sku: body.sku,
      quantity: readQuantity(body.quantity),
      additionalFields: readAdditionalFields(body.additionalFields),
      language: visitorLanguageOf(site.settings, request.headers),
    };
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key) {
      const outcome = await keyedAdd(db, site, cartIdFromRequest(request), input, { key, hash: requestHash(body) });
      const { answer } = outcome;
      const quantity = answer.status === 200 ? answeredQuantity(answer.bodyJson) : undefined;
      if (answer.newCart) setCartCookies(reply, answer.cartId, secureCookies, quantity ?? 0);
      else if (quantity !== undefined) markCount(request, reply, quantity);
      if (outcome.kind === 'replayed') reply.header('idempotent-replayed', 'true');
      return noStore(reply).code(answer.status).type('application/json; charset=utf-8').send(answer.bodyJson);
    }
    const result = await addEntry(db, site, cartIdFromRequest(request), input);
    const { shoppingCart, entry } = await changeResponse(db, site, result, result.entryId);
    if (result.newCart) setCartCookies(reply, result.cartId, secureCookies, shoppingCart.totalQuantity);
    else markCount(request, reply, shoppingCart.totalQuantity);
    return noStore(reply).send({ shoppingCart, newlyAdded: entry });
  });

  const quantitySchema = {
    tags,
    summary: "Change an entry's quantity (0 removes it)",
    params: EntryParams,
    body: ChangeQuantityBody,
    response: withErrors({ 200: EntryChangeAnswer }),
  };
  routes.put(CartPaths.ENTRY, { schema: quantitySchema }, async (request, reply) => {
    const site = siteOf(request);
    const entryId = entryIdOf(request.params);
    const quantity = readEntryQuantity(request.body.quantity);
    const change = await changeEntryQuantity(db, site, cartIdFromRequest(request), entryId, quantity);
    const { shoppingCart, entry } = await changeResponse(db, site, change, change.kept ? entryId : null);
    markCount(request, reply, shoppingCart.totalQuantity);
    return noStore(reply).send({ shoppingCart, updatedEntry: entry });
  });

  routes.delete(
    CartPaths.ENTRY,
    { schema: { tags, summary: 'Remove an entry', params: EntryParams, response: withErrors({ 200: CartAnswer }) } },
    async (request, reply) => {
      const site = siteOf(request);
      const entryId = entryIdOf(request.params);
      const change = await removeEntry(db, site, cartIdFromRequest(request), entryId);
      const { shoppingCart } = await changeResponse(db, site, change, null);
      markCount(request, reply, shoppingCart.totalQuantity);
      return noStore(reply).send({ shoppingCart });
    },
  );

  const fieldsSchema = {
    tags,
    summary: "Replace an entry's additional-field answers",
    params: EntryParams,
    body: EntryFieldsBody,
    response: withErrors({ 200: EntryChangeAnswer }),
  };
  routes.put(CartPaths.ENTRY_FIELDS, { schema: fieldsSchema }, async (request, reply) => {
    const site = siteOf(request);
    const entryId = entryIdOf(request.params);
    const { itemId, sku, additionalFields } = request.body;
    const change = await updateEntryAdditionalFields(db, site, cartIdFromRequest(request), entryId, {
      itemId,
      sku,
      additionalFields: readAdditionalFields(additionalFields),
    });
    const { shoppingCart, entry } = await changeResponse(db, site, change, entryId);
    return noStore(reply).send({ shoppingCart, updatedEntry: entry });
  });

  routes.post(
    CartPaths.COUPONS,
    { onRequest: deps.couponLimit, schema: { tags, summary: 'Add a coupon code to the cart', body: CouponBody, response: withErrors({ 200: CartAnswer }) } },
    async (request, reply) => {
      const site = siteOf(request);
      const code = normalizeCouponCode(request.body.code);
      if (!code) throw new AppError('VALIDATION_FAILED', COUPON_CODE_MISSING);
      const cart = await openCartOf(db, site, cartIdFromRequest(request));
      const codes = couponCodesOf(cart.coupons).filter((c) => c !== code);
      if (codes.length >= MAX_CART_COUPONS) throw new AppError('VALIDATION_FAILED', `A cart can hold at most ${MAX_CART_COUPONS} coupons.`);
      await updateCart(db, site.id, cart.id, { coupons: [...codes, code] });
      return noStore(reply).send({ shoppingCart: await cartAnswer(db, site, cart.id) });
    },
  );

  routes.delete(
    CartPaths.COUPON,
    { schema: { tags, summary: 'Remove a coupon code from the cart', params: CouponParams, response: withErrors({ 200: CartAnswer }) } },
    async (request, reply) => {
      const site = siteOf(request);
      const code = normalizeCouponCode(request.params.code);
      const cart = await openCartOf(db, site, cartIdFromRequest(request));
      const codes = couponCodesOf(cart.coupons).filter((c) => c !== code);
      await updateCart(db, site.id, cart.id, { coupons: codes });
      return noStore(reply).send({ shoppingCart: await cartAnswer(db, site, cart.id) });
    },
  );

  routes.put(
    CartPaths.SHIPPING,
    { schema: { tags, summary: "Set the cart's shipping location and option", body: ShippingBody, response: withErrors({ 200: CartAnswer }) } },
    async (request, reply) => {
      const site = siteOf(request);
      const cart = await openCartOf(db, site, cartIdFromRequest(request));
      await updateCart(db, site.id, cart.id, shippingPatch(request.body));
      return noStore(reply).send({ shoppingCart: await cartAnswer(db, site, cart.id) });
    },
  );
}

/** The item count of a stored add answer (`{ shoppingCart: { totalQuantity } }`), if it has one. */
function answeredQuantity(bodyJson: string): number | undefined {
  try {
    const quantity = (JSON.parse(bodyJson) as { shoppingCart?: { totalQuantity?: unknown } }).shoppingCart?.totalQuantity;
    return typeof quantity === 'number' ? quantity : undefined;
  } catch {
    return undefined;
  }
}

function couponCodesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
}

async function openCartOf(db: Db, site: Website, cartId: string | undefined) {
  const cart = cartId ? await findCart(db, site.id, cartId) : undefined;
  if (!cart) throw cartEmptyError();
  return cart;
}
