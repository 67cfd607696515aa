/** Message for two letters that are no ISO 3166-1 country. */
export const UNKNOWN_COUNTRY_MESSAGE = 'Please choose a country from the list.';

/** Where an order ships to, as far as rates and taxes care. */
export interface ShippingLocation {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** State or province code, upper case ('' when not given). */
  region: string;
  postalCode: string;
}

/** A stored location (carts.shipping_location) in the cart's shape, or null when absent or malformed. */
export function storedShippingLocation(value: unknown): ShippingLocation | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.country !== 'string' || !/^[A-Z]{2}$/.test(raw.country)) return null;
  return {
    country: raw.country,
    region: typeof raw.region === 'string' ? raw.region : '',
    postalCode: typeof raw.postalCode === 'string' ? raw.postalCode : '',
  };
}
