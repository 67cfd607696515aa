import { AppError } from '../http/errors.js';

/** Where an order ships to, as far as rates and taxes care. */
export interface ShippingLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** State or province code, upper case ('' when not given). */
  region: string;
  postalCode: string;
}

/** Reads a shipping location from untrusted JSON; throws a 400 with a clear message when malformed. */
export function parseShippingLocation(input: unknown): ShippingLocation {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new AppError('VALIDATION_FAILED', 'shippingLocation must be an object with a country.');
  }
  const raw = input as Record<string, unknown>;
  const country = typeof raw.country === 'string' ? raw.country.trim().toUpperCase() : '';
  if (!/^[A-Z]{2}$/.test(country)) throw new AppError('VALIDATION_FAILED', 'Country must be a two-letter country code.');
  const region = typeof raw.region === 'string' ? raw.region.trim().toUpperCase().slice(0, 64) : '';
  const postalCode = typeof raw.postalCode === 'string' ? raw.postalCode.trim().slice(0, 32) : '';
  return { country, region, postalCode };
}

/** Reads a stored location (carts.shipping_location), or null when absent or malformed. */
export function storedShippingLocation(value: unknown): ShippingLocation | null {
  try {
    return value ? parseShippingLocation(value) : null;
  } catch {
    return null;
  }
}
