import { AppError } from '../http/errors.js';
import { normalizeCouponCode } from '../cart/coupons.js';

/** A postal address given at checkout. */
export interface PostalAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  phone: string;
}

/** The checkout request, read and checked. */
export interface CheckoutInput {
  email: string;
  shippingAddress: PostalAddress | null;
  billingAddress: PostalAddress | null;
  shippingOptionId: string | null;
  /** Coupon codes to use; null keeps the codes already on the cart. */
  couponCodes: string[] | null;
  giftCardCode: string | null;
  payment: { provider: string; details: Record<string, unknown> } | null;
}

/** Spec 8 UI text for an invalid email. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email';
/** Message when required address fields are missing (per-field errors say 'Required'). */
export const ADDRESS_INCOMPLETE_MESSAGE = 'Please complete the shipping address.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const REQUIRED_ADDRESS_FIELDS = ['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country'] as const;
const ADDRESS_FIELDS = [...REQUIRED_ADDRESS_FIELDS, 'address2', 'region', 'phone'] as const;

function text(value: unknown, max = 200): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** Reads an address; missing required fields give a 400 with `errors` (field to 'Required'). */
export function readAddress(value: unknown, prefix: string): PostalAddress {
  const raw = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(raw[f])])) as unknown as PostalAddress;
  address.country = address.country.toUpperCase();
  address.region = address.region.toUpperCase();
  const errors: Record<string, string> = {};
  for (const field of REQUIRED_ADDRESS_FIELDS) if (!address[field]) errors[`${prefix}.${field}`] = 'Required';
  if (address.country && !/^[A-Z]{2}$/.test(address.country)) errors[`${prefix}.country`] = 'Country must be a two-letter country code.';
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', ADDRESS_INCOMPLETE_MESSAGE, { body: { errors } });
  return address;
}

/** Reads an email the way public forms do: trimmed, 3-256 characters, a simple address. */
export function readEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim() : '';
  if (email.length < 3 || email.length > 256 || !EMAIL.test(email)) {
    throw new AppError('VALIDATION_FAILED', INVALID_EMAIL_MESSAGE, { body: { errors: { email: INVALID_EMAIL_MESSAGE } } });
  }
  return email;
}

/**
 * Reads the checkout body. The shipping address is read when present (the caller decides
 * whether the cart needs one); the payment is checked by its provider.
 */
export function readCheckoutInput(body: unknown): CheckoutInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('VALIDATION_FAILED', 'Request body must be a JSON object.');
  const raw = body as Record<string, unknown>;
  const email = readEmail(raw.email);
  const shippingAddress = raw.shippingAddress === undefined || raw.shippingAddress === null ? null : readAddress(raw.shippingAddress, 'shippingAddress');
  const billingAddress = raw.billingAddress === undefined || raw.billingAddress === null ? null : readAddress(raw.billingAddress, 'billingAddress');
  let couponCodes: string[] | null = null;
  if (raw.couponCodes !== undefined && raw.couponCodes !== null) {
    if (!Array.isArray(raw.couponCodes) || raw.couponCodes.length > 10 || raw.couponCodes.some((c) => typeof c !== 'string')) {
      throw new AppError('VALIDATION_FAILED', 'couponCodes must be a list of at most 10 codes.');
    }
    couponCodes = [...new Set((raw.couponCodes as string[]).map(normalizeCouponCode))].filter(Boolean);
  }
  const giftCardCode = text(raw.giftCardCode, 64).toUpperCase() || null;
  const shippingOptionId = text(raw.shippingOptionId, 64) || null;
  let payment: CheckoutInput['payment'] = null;
  if (raw.payment !== undefined && raw.payment !== null) {
    if (typeof raw.payment !== 'object' || Array.isArray(raw.payment)) throw new AppError('VALIDATION_FAILED', 'payment must be an object.');
    const { provider, ...details } = raw.payment as Record<string, unknown>;
    if (typeof provider !== 'string' || provider === '') throw new AppError('VALIDATION_FAILED', 'payment.provider is required.');
    payment = { provider, details };
  }
  return { email, shippingAddress, billingAddress, shippingOptionId, couponCodes, giftCardCode, payment };
}
