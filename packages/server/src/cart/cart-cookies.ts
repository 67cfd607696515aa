import type { FastifyReply, FastifyRequest } from 'fastify';
import { setCookie } from '../http/cookies.js';

/** httpOnly cookie holding the visitor's cart id. */
export const CART_COOKIE = 'emporium_cart';
/**
 * Readable marker cookie: the storefront loads the cart at page start only when it exists
 * (spec 4). Its value is the cart's item count, so a page shared by every visitor shows the
 * right count before the cart call answers.
 */
export const CART_MARKER_COOKIE = 'hasCart';
/** Lifetime of both cookies: 30 days. */
export const CART_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

const CART_ID = /^[0-9a-f]{32}$/;

/** Requests whose cart cookie names a cart of an account the request is not signed in to. */
const foreignCarts = new WeakSet<object>();

/**
 * The cart id from the request's cookie, or undefined when absent, malformed, or refused by
 * {@link refuseCartCookie} (an account's cart without that account's session).
 */
export function cartIdFromRequest(request: Pick<FastifyRequest, 'cookies'>): string | undefined {
  if (foreignCarts.has(request)) return undefined;
  const value = request.cookies?.[CART_COOKIE];
  return typeof value === 'string' && CART_ID.test(value) ? value : undefined;
}

/** Makes every later {@link cartIdFromRequest} of this request answer undefined. */
export function refuseCartCookie(request: Pick<FastifyRequest, 'cookies'>): void {
  foreignCarts.add(request);
}

/** Sets the cart cookie (httpOnly) and the readable marker with the cart's item count. */
export function setCartCookies(reply: FastifyReply, cartId: string, secure: boolean, totalQuantity: number): void {
  setCookie(reply, CART_COOKIE, cartId, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: CART_COOKIE_MAX_AGE });
  setCartCount(reply, secure, totalQuantity);
}

/** Writes the cart's item count into the readable marker (after every change and read of the cart). */
export function setCartCount(reply: FastifyReply, secure: boolean, totalQuantity: number): void {
  const count = Number.isInteger(totalQuantity) && totalQuantity >= 0 ? totalQuantity : 0;
  setCookie(reply, CART_MARKER_COOKIE, String(count), { path: '/', sameSite: 'Lax', secure, maxAge: CART_COOKIE_MAX_AGE });
}

/** Deletes both cart cookies (after checkout, or when the cookie names a cart that is gone). */
export function clearCartCookies(reply: FastifyReply, secure: boolean): void {
  setCookie(reply, CART_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: 0 });
  setCookie(reply, CART_MARKER_COOKIE, '', { path: '/', sameSite: 'Lax', secure, maxAge: 0 });
}
