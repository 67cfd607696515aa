import type { CartJson, ShippingLocationJson } from './cart-json.js';
import type { HttpContext } from './http.js';
import { requestJson } from './http.js';
import { ApiPaths } from './paths.js';

/** Header that makes a checkout retry return the first attempt's order. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A postal address as checkout sends it (country: ISO 3166-1 alpha-2). */
export interface PostalAddress {
  readonly firstName: string;
  readonly lastName: string;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly region: string;
  readonly postalCode: string;
  readonly country: string;
  readonly phone: string;
}

/** Body of POST /api/commerce/checkout. */
export interface CheckoutRequest {
  readonly email: string;
  readonly shippingAddress: PostalAddress | null;
  readonly shippingOptionId: string | null;
  readonly couponCodes: ReadonlyArray<string>;
  readonly giftCardCode: string | null;
  readonly payment: { readonly provider: string; readonly cardNumber: string } | null;
}

/** Response of the checkout call. */
export interface CheckoutResponse {
  readonly order: { readonly id: string; readonly orderNumber?: number; readonly [key: string]: unknown };
  /** Path of the order-confirmed page (page type 202). */
  readonly confirmationUrl: string;
  /** Unguessable link of the order status page (page type 211). */
  readonly statusUrl?: string;
}

/** POST /api/commerce/checkout with an `Idempotency-Key`. */
export function submitCheckout(ctx: HttpContext, body: CheckoutRequest, idempotencyKey: string): Promise<CheckoutResponse> {
  return requestJson<CheckoutResponse>(ctx, ApiPaths.CHECKOUT, { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** POST /api/commerce/checkout/subscription: the subscription cart named by `cartToken`, with an `Idempotency-Key`. */
export function submitSubscriptionCheckout(ctx: HttpContext, body: CheckoutRequest, cartToken: string, idempotencyKey: string): Promise<CheckoutResponse> {
  return requestJson<CheckoutResponse>(ctx, ApiPaths.SUBSCRIPTION_CHECKOUT, {
    method: 'POST',
    body: { ...body, cartToken },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** PUT /api/commerce/checkout/subscription/shipping: the subscription cart's location and option; returns the cart. */
export async function updateSubscriptionShipping(
  ctx: HttpContext,
  cartToken: string,
  body: { readonly shippingLocation?: ShippingLocationJson; readonly shippingOptionId?: string },
): Promise<CartJson> {
  const res = await requestJson<{ shoppingCart: CartJson }>(ctx, ApiPaths.SUBSCRIPTION_SHIPPING, { method: 'PUT', body: { ...body, cartToken } });
  return res.shoppingCart;
}
