import type { CheckoutRequest, CheckoutResponse } from '../api/checkout-api.js';
import { IDEMPOTENCY_KEY_HEADER } from '../api/checkout-api.js';
import type { HttpContext } from '../api/http.js';
import { requestJson } from '../api/http.js';
import { ApiPaths } from '../api/paths.js';

/** How a checkout pays: the test provider's card, or a PaymentMethod Stripe.js made from the Payment Element. */
export type CheckoutPayment = NonNullable<CheckoutRequest['payment']> | { readonly provider: 'stripe'; readonly paymentMethod: string };

/** Body of the checkout calls, with either payment. */
export type PaidCheckoutRequest = Omit<CheckoutRequest, 'payment'> & { readonly payment: CheckoutPayment | null };

/** Where a provider's payment stands once the checkout call answered. */
export type CheckoutPaymentStatus = 'succeeded' | 'requires_action' | 'processing';

/** Answer of the checkout calls when a provider takes the payment. */
export interface PaidCheckoutResponse extends CheckoutResponse {
  /** Absent for the test provider, whose answer means paid. */
  readonly payment?: { readonly status: CheckoutPaymentStatus; readonly clientSecret?: string };
  /** Path of the order received page (page type 207), which waits for the payment's outcome. */
  readonly orderReceivedUrl?: string;
}

/**
 * POST the checkout (or, with `subscriptionCartToken`, the subscription checkout) with an
 * `Idempotency-Key`: the same key sent again answers with the first attempt's order.
 */
export function submitPaidCheckout(
  ctx: HttpContext,
  body: PaidCheckoutRequest,
  idempotencyKey: string,
  subscriptionCartToken?: string,
): Promise<PaidCheckoutResponse> {
  const path = subscriptionCartToken === undefined ? ApiPaths.CHECKOUT : ApiPaths.SUBSCRIPTION_CHECKOUT;
  return requestJson<PaidCheckoutResponse>(ctx, path, {
    method: 'POST',
    body: subscriptionCartToken === undefined ? body : { ...body, cartToken: subscriptionCartToken },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** An order's payment as the provider last reported it. */
export type OrderPaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded' | 'partially_refunded' | 'disputed';

/** Answer of {@link fetchOrderPayment}. */
export interface OrderPaymentJson {
  readonly paymentStatus: OrderPaymentStatus;
  readonly orderNumber: number | string;
  /** Path of the order confirmed page (page type 202). */
  readonly confirmationUrl: string;
  /** The provider's words, when the payment failed. */
  readonly message?: string;
}

/** Path of the payment status call of one order. */
export function orderPaymentPath(orderId: string): string {
  return `/api/commerce/orders/${encodeURIComponent(orderId)}/payment`;
}

/** GET the payment status of an order, for whoever holds its status token (404 otherwise). */
export function fetchOrderPayment(ctx: HttpContext, orderId: string, token: string, signal?: AbortSignal): Promise<OrderPaymentJson> {
  return requestJson<OrderPaymentJson>(ctx, orderPaymentPath(orderId), { query: { token }, ...(signal ? { signal } : {}) });
}
