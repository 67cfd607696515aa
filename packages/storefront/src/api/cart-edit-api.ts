import type { CartJson, ShippingLocationJson } from './cart-json.js';
import type { HttpContext } from './http.js';
import { requestJson } from './http.js';
import { ApiPaths } from './paths.js';

/** PUT /api/commerce/shopping-cart/entries/{entryId} with `{quantity}`; 0 removes the entry. */
export async function updateEntryQuantity(ctx: HttpContext, entryId: string, quantity: number): Promise<CartJson> {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Quantity must be a whole number of 0 or more, got ${quantity}`);
  const res = await requestJson<{ shoppingCart: CartJson }>(ctx, ApiPaths.cartEntry(entryId), { method: 'PUT', body: { quantity } });
  return res.shoppingCart;
}

/** DELETE /api/commerce/shopping-cart/entries/{entryId}. */
export async function removeCartEntry(ctx: HttpContext, entryId: string): Promise<CartJson> {
  const res = await requestJson<{ shoppingCart: CartJson }>(ctx, ApiPaths.cartEntry(entryId), { method: 'DELETE' });
  return res.shoppingCart;
}

/** POST /api/commerce/shopping-cart/coupons with `{code}`; the cart lists it as valid or invalid. */
export async function addCoupon(ctx: HttpContext, code: string): Promise<CartJson> {
  const res = await requestJson<{ shoppingCart: CartJson }>(ctx, ApiPaths.CART_COUPONS, { method: 'POST', body: { code } });
  return res.shoppingCart;
}

/** DELETE /api/commerce/shopping-cart/coupons/{code}. */
export async function removeCoupon(ctx: HttpContext, code: string): Promise<CartJson> {
  const res = await requestJson<{ shoppingCart: CartJson }>(ctx, ApiPaths.cartCoupon(code), { method: 'DELETE' });
  return res.shoppingCart;
}

/** PUT /api/commerce/shopping-cart/shipping: the ship-to location and/or the chosen option. */
export async function updateShipping(ctx: HttpContext, patch: { shippingLocation?: ShippingLocationJson; shippingOptionId?: string }): Promise<CartJson> {
  const res = await requestJson<{ shoppingCart: CartJson }>(ctx, ApiPaths.CART_SHIPPING, { method: 'PUT', body: patch });
  return res.shoppingCart;
}
