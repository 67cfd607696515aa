/** Statuses of an order's life: placed unpaid, paid, payment failed, shipped, cancelled. */
export const ORDER_STATUSES = ['PENDING', 'PAID', 'PAYMENT_FAILED', 'FULFILLED', 'CANCELLED'] as const;
/** One of {@link ORDER_STATUSES}. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Answer for an order id the site does not have. */
export const ORDER_NOT_FOUND_MESSAGE = 'This order does not exist.';

/** What the owner is told when an order action cannot be done. */
export const OrderMessages = Object.freeze({
  ALREADY_FULFILLED: 'This order is already fulfilled.',
  FULFIL_CANCELLED: 'A cancelled order cannot be fulfilled.',
  FULFIL_UNPAID: 'Only paid orders can be fulfilled.',
  ALREADY_CANCELLED: 'This order is already cancelled.',
  CANCEL_FULFILLED: 'A fulfilled order cannot be cancelled; refund it instead.',
  /** No longer given: live orders are refunded through their provider. Kept for clients that match it. */
  REFUND_LIVE: 'Refunds are available for test-mode orders only; refund this payment with your payment provider.',
  REFUND_UNPAID: 'Only paid orders can be refunded.',
  REFUNDED_IN_FULL: 'This order is already refunded in full.',
  REFUNDS_CHANGED: "This order's refunds changed since you opened it, so nothing was refunded. Reload the order and try again.",
  REFUND_IN_PROGRESS: 'A refund of this order is still with the payment provider, so nothing more was refunded. Reload the order in a moment and try again.',
  REFUND_NO_PAYMENT_REFERENCE:
    "This order's payment has no reference from its payment provider, so it cannot be refunded here; refund it with your payment provider.",
  /** The refund asked for is more than what is left to refund. */
  refundTooLarge: (left: string) => `A refund can be at most the ${left} not yet refunded.`,
  /** The order was paid through a provider this site can no longer use. */
  refundProviderUnavailable: (provider: string) =>
    `This order was paid through ${provider}, which this site is not connected to any more, so it cannot be refunded here. Reconnect ${provider}, or refund the payment with ${provider} directly.`,
  /** The provider refused the refund; `reason` is the provider's own message. */
  refundRefused: (reason: string) => `The payment provider refused the refund, so nothing was refunded: ${reason}`,
});

/** Why an order in `status` cannot be fulfilled. */
export function cannotFulfilMessage(status: string): string {
  if (status === 'FULFILLED') return OrderMessages.ALREADY_FULFILLED;
  return status === 'CANCELLED' ? OrderMessages.FULFIL_CANCELLED : OrderMessages.FULFIL_UNPAID;
}

/** Why an order in `status` cannot be cancelled. */
export function cannotCancelMessage(status: string): string {
  return status === 'CANCELLED' ? OrderMessages.ALREADY_CANCELLED : OrderMessages.CANCEL_FULFILLED;
}
