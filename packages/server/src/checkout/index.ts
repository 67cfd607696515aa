/** Checkout: input, rules, idempotency, gift cards, the one-transaction order placement and the checkout calls. */
export {
  registerCheckoutRoutes,
  CHECKOUT_LIMIT,
  CHECKOUT_PATH,
  SUBSCRIPTION_CHECKOUT_PATH,
  SUBSCRIPTION_PURCHASED_MESSAGE,
  SUBSCRIPTION_SHIPPING_PATH,
} from './routes.js';
export * from './schemas.js';
export {
  placeOrder,
  confirmationPath,
  orderStatusPath,
  type OrderOptions,
  CART_CHANGED_MESSAGE,
  GIFT_CARD_INVALID_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  TRIAL_NOT_SUPPORTED_MESSAGE,
  type CheckoutDeps,
  type CheckoutResponse,
  type PlaceOrderResult,
} from './place-order.js';
export {
  readCheckoutInput,
  readAddress,
  INVALID_EMAIL_MESSAGE,
  ADDRESS_INCOMPLETE_MESSAGE,
  UNKNOWN_REGION_MESSAGE,
  type AddressFields,
  type CheckoutInput,
  type CheckoutRequest,
  type PostalAddress,
} from './checkout-input.js';
export { assertCheckoutAllowed, SHIPPING_OPTION_MESSAGE, NO_SHIPPING_MESSAGE } from './checkout-rules.js';
export { findGiftCard, newGiftCardCode, normalizeGiftCardCode, type GiftCardRow } from './gift-cards.js';
export { nextOrderNumber } from './order-writer.js';
export { onOrderCompleted, type CompletedOrder, type OrderCompletedListener } from './order-completed.js';
export { orderedVariantOptions, variantOptionsText } from './variant-options.js';
export { registerStripeCheckoutRoutes, ORDER_PAYMENT_PATH, EXPIRE_ATTEMPTS_JOB } from './stripe-routes.js';
export { placeIntentOrder, orderReceivedPath, type IntentCheckoutResponse } from './intent-checkout.js';
