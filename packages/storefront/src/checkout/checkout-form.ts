import { countryRegions, isCountryCode, isRegionOf } from '@emporium/commerce';
import type { CartJson } from '../api/cart-json.js';
import type { CheckoutRequest, PostalAddress } from '../api/checkout-api.js';
import { CheckoutTexts } from './checkout-texts.js';

/** What the visitor typed into the checkout form. */
export interface CheckoutFormState {
  readonly email: string;
  readonly address: PostalAddress;
  readonly shippingOptionId: string | null;
  /** Gift card code to redeem ('' for none). */
  readonly giftCardCode: string;
  readonly cardNumber: string;
}

/** Field keys errors are reported under: `email`, `address.city`, `giftCardCode`, `cardNumber`… */
export type CheckoutErrors = Readonly<Record<string, string>>;

/** An address with every field empty and the given country. */
export function emptyAddress(country = 'US'): PostalAddress {
  return { firstName: '', lastName: '', address1: '', address2: '', city: '', region: '', postalCode: '', country, phone: '' };
}

/** Address fields that must be filled. */
export const REQUIRED_ADDRESS_FIELDS = ['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** Card digits without spaces or dashes, or null when not 12-19 digits. */
export function cardDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/**
 * Checks the form before it is sent: email 3-256 characters and shaped like an address, the
 * required shipping fields when the cart ships (a known country, and a region from its list
 * for the countries that have one), and a card number unless nothing is due or a gift card may
 * cover it.
 */
export function validateCheckoutForm(state: CheckoutFormState, needs: { shipping: boolean; payment: boolean }): CheckoutErrors {
  const errors: Record<string, string> = {};
  const email = state.email.trim();
  if (email.length < 3 || email.length > 256 || !EMAIL.test(email)) errors.email = CheckoutTexts.INVALID_EMAIL;
  if (needs.shipping) {
    for (const field of REQUIRED_ADDRESS_FIELDS) if (!state.address[field].trim()) errors[`address.${field}`] = CheckoutTexts.REQUIRED;
    const country = state.address.country.trim().toUpperCase();
    const region = state.address.region.trim().toUpperCase();
    if (country && !/^[A-Z]{2}$/.test(country)) errors['address.country'] = CheckoutTexts.INVALID_COUNTRY;
    else if (country && !isCountryCode(country)) errors['address.country'] = CheckoutTexts.UNKNOWN_COUNTRY;
    else if (!region && countryRegions(country)) errors['address.region'] = CheckoutTexts.REQUIRED;
    else if (region && !isRegionOf(country, region)) errors['address.region'] = CheckoutTexts.UNKNOWN_REGION;
  }
  const card = state.cardNumber.trim();
  if (card ? !cardDigits(card) : needs.payment && !state.giftCardCode.trim()) errors.cardNumber = CheckoutTexts.INVALID_CARD;
  return errors;
}

function trimmed(address: PostalAddress): PostalAddress {
  const out = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v.trim()])) as unknown as PostalAddress;
  return { ...out, country: out.country.toUpperCase() };
}

/**
 * The checkout request: only the coupons the cart reports valid are sent, so a code that does
 * not apply never blocks the order; no payment when no card was typed (a gift card pays).
 */
export function checkoutRequest(state: CheckoutFormState, cart: CartJson): CheckoutRequest {
  const card = state.cardNumber.trim();
  return {
    email: state.email.trim(),
    shippingAddress: cart.requiresShipping ? trimmed(state.address) : null,
    shippingOptionId: cart.requiresShipping ? (state.shippingOptionId ?? cart.selectedShippingOption?.id ?? null) : null,
    couponCodes: (cart.validCoupons ?? []).map((c) => c.code),
    giftCardCode: state.giftCardCode.trim() || null,
    payment: card ? { provider: 'test', cardNumber: card } : null,
  };
}

const FIELD_BY_MESSAGE: ReadonlyArray<[RegExp, string]> = [
  [/gift card/i, 'giftCardCode'],
  [/card|payment/i, 'cardNumber'],
  [/email/i, 'email'],
  [/ship to|shipping option/i, 'shippingOptionId'],
];

/**
 * Maps a failed checkout's body to field errors: per-field `errors` (`shippingAddress.city` to
 * `address.city`), else the field the message is about (card, gift card, email, shipping).
 */
export function serverFieldErrors(message: string, body: unknown): CheckoutErrors {
  const errors: Record<string, string> = {};
  const fields = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (fields && typeof fields === 'object') {
    for (const [key, text] of Object.entries(fields as Record<string, unknown>)) {
      if (typeof text !== 'string') continue;
      if (key === 'shippingAddress') errors['address.address1'] = text;
      else errors[key.replace(/^shippingAddress\./, 'address.')] = text;
    }
    if (Object.keys(errors).length > 0) return errors;
  }
  const match = FIELD_BY_MESSAGE.find(([pattern]) => pattern.test(message));
  if (match) errors[match[1]] = message;
  return errors;
}
