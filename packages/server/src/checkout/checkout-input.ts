import { isCountryCode, isRegionOf } from '@emporium/commerce';
import { AppError } from '../errors/index.js';
import { normalizeCouponCode, UNKNOWN_COUNTRY_MESSAGE } from '../cart/index.js';

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

/** A postal address as the checkout request carries it (its shape already checked): any field may be missing. */
export type AddressFields = { [F in keyof PostalAddress]?: string };

/** The checkout request as its route schema admits it (trimmed, lengths and types checked). */
export interface CheckoutRequest {
  email: string;
  shippingAddress?: AddressFields | null;
  billingAddress?: AddressFields | null;
  shippingOptionId?: string | null;
  couponCodes?: string[] | null;
  giftCardCode?: string | null;
  payment?: { provider: string; [detail: string]: unknown } | null;
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
/** Message for a country that is not two letters. */
export const COUNTRY_FORMAT_MESSAGE = 'Country must be a two-letter country code.';
/** Message for a region that is not one of its country's (US states, Canadian provinces…). */
export const UNKNOWN_REGION_MESSAGE = 'Please choose a state or region from the list.';
/** Message when required address fields are missing (per-field errors say 'Required'). */
export const ADDRESS_INCOMPLETE_MESSAGE = 'Please complete the shipping address.';

const REQUIRED_ADDRESS_FIELDS = ['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country'] as const;

/**
 * An address with its codes upper-cased; missing required fields give a 400 with `errors`
 * (field to 'Required'), as do a country that is no ISO 3166-1 code and a region that is not
 * on its country's list (for the countries that have one).
 */
export function readAddress(fields: AddressFields, prefix: string): PostalAddress {
  const address: PostalAddress = {
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
    address1: fields.address1 ?? '',
    address2: fields.address2 ?? '',
    city: fields.city ?? '',
    region: (fields.region ?? '').toUpperCase(),
    postalCode: fields.postalCode ?? '',
    country: (fields.country ?? '').toUpperCase(),
    phone: fields.phone ?? '',
  };
  const errors: Record<string, string> = {};
  for (const field of REQUIRED_ADDRESS_FIELDS) if (!address[field]) errors[`${prefix}.${field}`] = 'Required';
  if (address.country && !/^[A-Z]{2}$/.test(address.country)) errors[`${prefix}.country`] = COUNTRY_FORMAT_MESSAGE;
  else if (address.country && !isCountryCode(address.country)) errors[`${prefix}.country`] = UNKNOWN_COUNTRY_MESSAGE;
  else if (address.region && !isRegionOf(address.country, address.region)) errors[`${prefix}.region`] = UNKNOWN_REGION_MESSAGE;
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', ADDRESS_INCOMPLETE_MESSAGE, { body: { errors } });
  return address;
}

/**
 * The checkout input of a request whose shape its schema has checked: addresses complete,
 * coupon and gift card codes normalised. The shipping address is read when present (the
 * caller decides whether the cart needs one); the payment is checked by its provider.
 */
export function readCheckoutInput(request: CheckoutRequest): CheckoutInput {
  const shippingAddress = request.shippingAddress ? readAddress(request.shippingAddress, 'shippingAddress') : null;
  const billingAddress = request.billingAddress ? readAddress(request.billingAddress, 'billingAddress') : null;
  const couponCodes = request.couponCodes ? [...new Set(request.couponCodes.map(normalizeCouponCode))].filter(Boolean) : null;
  let payment: CheckoutInput['payment'] = null;
  if (request.payment) {
    const { provider, ...details } = request.payment;
    payment = { provider, details };
  }
  return {
    email: request.email,
    shippingAddress,
    billingAddress,
    shippingOptionId: request.shippingOptionId || null,
    couponCodes,
    giftCardCode: request.giftCardCode?.toUpperCase() || null,
    payment,
  };
}
