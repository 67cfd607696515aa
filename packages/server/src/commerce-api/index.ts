import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { TestPaymentProvider, type PaymentProvider } from '../payments/index.js';
import { registerCartRoutes } from './cart-routes.js';
import { registerCheckoutRoutes } from './checkout-routes.js';
import { registerInstalmentRoutes } from './instalment-routes.js';
import { registerStockRoutes } from './stock-routes.js';
import { registerSubscriptionRoutes } from './subscription-routes.js';

export { CartPaths, MAX_CART_COUPONS } from './cart-routes.js';
export { CHECKOUT_PATH, SUBSCRIPTION_CHECKOUT_PATH, SUBSCRIPTION_PURCHASED_MESSAGE, SUBSCRIPTION_SHIPPING_PATH } from './checkout-routes.js';
export { STOCK_PATH } from './stock-routes.js';
export { SUBSCRIPTION_CART_PATH } from './subscription-routes.js';
export { INSTALMENT_INFO_PATH } from './instalment-routes.js';

/** Add-to-cart limit per site and client IP: 20 adds in 10 seconds. */
export const ADD_TO_CART_LIMIT = Object.freeze({ name: 'cart-add', max: 20, windowMs: 10_000, key: 'site+ip' as const });

/** Checkout attempts per site and client IP: 10 a minute (card-testing guard). */
export const CHECKOUT_LIMIT = Object.freeze({ name: 'checkout', max: 10, windowMs: 60_000, key: 'site+ip' as const });

/** Coupon codes tried per site and client IP: 10 a minute (code-guessing guard). */
export const COUPON_LIMIT = Object.freeze({ name: 'cart-coupon', max: 10, windowMs: 60_000, key: 'site+ip' as const });

/** Options of {@link registerCommerceApi}. */
export interface CommerceApiOptions {
  /** Payment providers by id (default: the built-in test provider). */
  providers?: readonly PaymentProvider[];
}

/**
 * Registers the buying APIs: the shopping cart (spec 7 paths), subscription cart, stock,
 * checkout with payments, and the pay-later info modal. Add-to-cart, subscription carts,
 * coupon entry and checkout are rate-limited per site and IP with `deps.rateLimit`.
 */
export async function registerCommerceApi(app: FastifyInstance, deps: AppDeps, options: CommerceApiOptions = {}): Promise<void> {
  const providers = new Map((options.providers ?? [new TestPaymentProvider()]).map((p) => [p.id, p]));
  const secureCookies = deps.config.secureCookies;
  const addToCartLimit = deps.rateLimit({ ...ADD_TO_CART_LIMIT });
  registerCartRoutes(app, { db: deps.db, secureCookies, addToCartLimit, couponLimit: deps.rateLimit({ ...COUPON_LIMIT }) });
  registerSubscriptionRoutes(app, { db: deps.db, addToCartLimit });
  registerStockRoutes(app, { db: deps.db });
  registerCheckoutRoutes(app, { db: deps.db, providers, secureCookies, checkoutLimit: deps.rateLimit({ ...CHECKOUT_LIMIT }) });
  registerInstalmentRoutes(app);
}
