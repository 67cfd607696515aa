/** A currency the store can sell in. */
export interface CurrencyInfo {
  /** ISO 4217 code. */
  readonly code: string;
  /** Digits after the decimal point in the currency's minor unit. */
  readonly fractionDigits: number;
}

/** Currency a store uses when none is configured. */
export const DEFAULT_CURRENCY = 'USD';

const CODES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'PLN',
  'HUF',
  'HKD',
  'SGD',
  'MXN',
  'BRL',
  'ARS',
  'COP',
  'INR',
  'ZAR',
  'ILS',
  'MYR',
  'PHP',
  'THB',
] as const;

/** A supported currency code. */
export type CurrencyCode = (typeof CODES)[number];

/** The 26 supported currencies: two fraction digits each, except JPY with none. */
export const CURRENCIES: ReadonlyArray<CurrencyInfo> = Object.freeze(CODES.map((code) => Object.freeze({ code, fractionDigits: code === 'JPY' ? 0 : 2 })));

const BY_CODE: ReadonlyMap<string, CurrencyInfo> = new Map(CURRENCIES.map((c) => [c.code, c]));

/** True when `code` is one of the supported currencies. */
export function isSupportedCurrency(code: string): code is CurrencyCode {
  return BY_CODE.has(code);
}

/** The currency record for `code`; throws on an unsupported code. */
export function currencyInfo(code: string): CurrencyInfo {
  const info = BY_CODE.get(code);
  if (!info) throw new RangeError(`Unsupported currency: ${JSON.stringify(code)}`);
  return info;
}

/** Fraction digits of the minor unit of `code` (2, or 0 for JPY). */
export function fractionDigits(code: string): number {
  return currencyInfo(code).fractionDigits;
}
