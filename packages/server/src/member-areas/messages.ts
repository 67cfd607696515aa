/** Texts of member areas, shown to owners and visitors as written. */
export const MemberAreaMessages = Object.freeze({
  NOT_FOUND: 'This member area does not exist.',
  PRODUCT_NOT_PAYWALL: 'Choose a paywall product of this site to sell the member area.',
  PRODUCT_TAKEN: 'This paywall product already sells another member area.',
  PERIOD_REQUIRED: 'A recurring member area needs a billing period.',
  GATE_TARGET_UNKNOWN: 'Gated pages and posts must be pages and posts of this site.',
  SIGN_IN_TO_JOIN: 'Sign in to your account to join this member area.',
  ACCOUNTS_OFF: 'Customer accounts are not turned on for this site, so this member area cannot be joined.',
  NOT_FOR_SALE: 'This member area is not for sale yet.',
  ALREADY_MEMBER: 'You are already a member.',
  JOIN_BUTTON: 'Join',
  MEMBERSHIP_CONFIRMED: 'Membership confirmed',
  /** The join page's card payment (Stripe's Payment Element) could not load or reach Stripe. */
  CARD_PAYMENTS_UNAVAILABLE: 'Card payments are unavailable right now, so this member area cannot be joined. Please try again in a few minutes.',
  /** The card details in the Payment Element are missing or incomplete. */
  PAYMENT_DETAILS_INCOMPLETE: 'Please complete your card details.',
  /** 3-D Secure (or another check by the bank) was not completed. */
  AUTHENTICATION_FAILED: 'Your bank did not confirm this payment. Please try again or use another card.',
  /** The payment is still being confirmed by the bank: the membership starts once it is paid. */
  PAYMENT_PROCESSING: 'Your payment is being confirmed. Your membership starts as soon as it is paid; reload this page in a moment.',
  /** The join call could not be reached (the visitor is offline or the server did not answer). */
  CONNECTION_FAILED: 'We could not reach the store. Check your connection and try again.',
  /** A card payment was sent for an area that is free, or by a site without Stripe. */
  CARD_PAYMENT_NOT_NEEDED: 'This member area is not paid by card here.',
  /** The join page's note of a recurring area's free trial: nothing is charged today. */
  trialNote: (days: number, price: string) =>
    `Free for ${days} days, then ${price}. Nothing is charged today; cancel before the trial ends and you are never charged.`,
});

/** Most member areas a site may have. */
export const MAX_MEMBER_AREAS = 100;
/** Most pages, collections and posts one member area may gate. */
export const MAX_GATES_PER_AREA = 500;
