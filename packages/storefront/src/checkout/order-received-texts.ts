/** Texts of the order received page (page type 207), which waits for a payment's outcome. */
export const OrderReceivedTexts = Object.freeze({
  CONFIRMING: 'We are confirming your payment…',
  CONFIRMING_HINT: 'This usually takes a few seconds. You can keep this page open.',
  PAID: 'Your payment went through. Taking you to your order confirmation…',
  CONFIRMATION_LINK: 'View your order confirmation',
  FAILED: 'Your payment did not go through.',
  CART_SAVED: 'Your cart is saved, so you can try again with another card or payment method.',
  CHECKOUT_LINK: 'Back to checkout',
  STILL_PENDING: 'Your payment is still being confirmed. We will send you an email as soon as it is.',
  STATUS_LINK: 'View your order status',
  CHANGED: 'This payment has changed since it was made: your order status shows where it stands.',
} as const);
