/** Texts of the checkout island. Server messages are shown as the server words them. */
export const CheckoutTexts = Object.freeze({
  REQUIRED: 'Required',
  INVALID_EMAIL: 'Please enter a valid email',
  INVALID_CARD: 'Please enter a valid card number.',
  INVALID_COUNTRY: 'Country must be a two-letter country code.',
  UNKNOWN_COUNTRY: 'Please choose a country from the list.',
  UNKNOWN_REGION: 'Please choose a state or region from the list.',
  ADDRESS_INCOMPLETE: 'Please complete the shipping address.',
  FIX_FIELDS: 'Please check the highlighted fields.',
  COUPON_EMPTY: 'Please enter a coupon code.',
  COUPON_FAILED: 'Unable to apply coupon',
  SHIPPING_FAILED: 'Unable to update shipping',
  PLACE_ORDER: 'Place order',
  PLACING_ORDER: 'Placing order…',
  RETRY_HINT: 'Your order may not have been placed. Press Place order again to retry safely; you will not be charged twice.',
  TEST_MODE: 'Test mode: use card 4242 4242 4242 4242 (4000 0000 0000 0002 is declined).',
  /** The badge beside the payment form when the site's Stripe keys are test keys. */
  STRIPE_TEST_MODE: 'Test mode',
  PAYMENT_FORM_LOADING: 'Loading the payment form…',
  /** Stripe.js could not load or its payment form could not mount: the payment area says it, the place-order button names it. */
  CARD_PAYMENTS_UNAVAILABLE: 'Card payments are unavailable right now. Your cart is saved: please try again in a few minutes.',
  PAYMENT_FORM_RETRY: 'Try again',
  /** The payment form refused what was typed; Stripe shows the details in the form itself. */
  PAYMENT_DETAILS_INCOMPLETE: 'Please check your payment details.',
} as const);
