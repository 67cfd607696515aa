import { formatMoney, money } from '@emporium/commerce';

/** Texts the donation calls and pages show, in one place. */
export const DonationMessages = Object.freeze({
  DISABLED: 'This site is not accepting donations.',
  KEY_REQUIRED: 'An Idempotency-Key header is required, so a repeated submit never gives twice.',
  KEY_REUSED: 'This Idempotency-Key was already used for another donation.',
  IN_PROGRESS: 'This donation is still being processed. Please wait a moment before trying again.',
  CURRENCY_MISMATCH: 'This store takes donations in its own currency only. Reload the page and try again.',
  CUSTOM_NOT_ALLOWED: 'Please choose one of the suggested amounts.',
  MONTHLY_NOT_ALLOWED: 'This site takes one-time donations only.',
  INVALID_EMAIL: 'Please enter a valid email address for your receipt.',
  PAYMENT_REQUIRED: 'Payment details are required.',
  TEST_PAYMENTS_REFUSED: 'Test payments are not accepted by this site.',
  NOT_FOUND: 'Donation not found',
  MONTHLY_METHOD_NOT_KEPT: 'This payment method cannot be charged every month. Please give once, or use a card.',
  NOT_RECORDED: 'The donation could not be recorded, so its payment was cancelled. Please try again.',
  UNAVAILABLE: 'Payments are unavailable right now. Please try again in a moment: a repeated donation is charged only once.',
  SUGGESTED_OUT_OF_LIMITS: 'Every suggested amount must lie between the minimum and the maximum.',
  LIMITS_ORDER: 'The maximum must be at least the minimum.',
  NOTHING_TO_CHOOSE: 'Add a suggested amount or allow custom amounts.',
  providerUnavailable: (provider: string) => `Payment provider '${provider}' is not available.`,
  tooSmall: (min: number, currency: string, locale: string) => `The smallest donation is ${formatMoney(money(min, currency), locale)}.`,
  tooLarge: (max: number, currency: string, locale: string) => `The largest donation is ${formatMoney(money(max, currency), locale)}.`,
  notWhole: (currency: string) => `Amounts in ${currency} are whole numbers of its smallest unit.`,
});
