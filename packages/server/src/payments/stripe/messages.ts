/** Path of Stripe's webhook on each site's origin. */
export const STRIPE_WEBHOOK_PATH = '/api/commerce/webhooks/stripe';

/**
 * What Stripe.js and its Payment Element need of a page's Content-Security-Policy: the script,
 * its frames (3-D Secure runs on hooks.stripe.com) and its API. Only pages that take a payment
 * on a site with Stripe connected add them (checkout, donate, a member area's join page).
 */
export const STRIPE_JS_CSP_SOURCES = Object.freeze({
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
});

/** What owners and shoppers are told about Stripe payments. */
export const StripeMessages = Object.freeze({
  KEYS_MALFORMED:
    'Enter the publishable key (pk_…), the secret or restricted key (sk_… or rk_…) and the webhook signing secret (whsec_…) from your Stripe dashboard.',
  MODES_DIFFER: 'The publishable key and the secret key must both be test keys or both be live keys.',
  NOT_CONNECTED: 'Stripe is not connected to this site.',
  PAYMENT_METHOD_REQUIRED: 'Please enter your payment details.',
  PAYMENT_IN_PROGRESS: 'A payment for this cart is already in progress. Please wait a moment.',
  UNAVAILABLE: 'Card payments are unavailable right now. Please try again in a few minutes.',
  AUTHENTICATION_NOT_POSSIBLE: 'This card asks for extra authentication, which is not possible here. Please use another card.',
  /** What is left to pay by card (after a gift card) is under the least Stripe charges. */
  CARD_PART_TOO_SMALL: 'What is left to pay by card is below the least a card can be charged. Pay the whole order with the gift card, or add to the order.',
  WEBHOOK_SIGNATURE: 'The webhook signature is not valid.',
  /** Stripe refused the keys the owner entered. */
  refused: (reason: string) => `Stripe did not accept these keys: ${reason}`,
  /** A currency whose amounts Stripe counts differently from its ISO minor units. */
  currencyUnsupported: (currency: string) => `Card payments in ${currency} are not supported yet.`,
});
