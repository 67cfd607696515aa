import { get, isObject } from './values.js';
import { JsonDecimal } from '../../json-decimal.js';

/** An amount in integer minor units of a currency (cents for USD, yen for JPY). */
export interface Money {
  readonly minor: number;
  readonly currency: string;
}

/** Store currency when a money value names none (spec section 3). */
export const DEFAULT_CURRENCY = 'USD';

/** Currencies without minor units among the supported ones (spec: 2 digits except JPY with 0). */
const ZERO_DIGIT_CURRENCIES: ReadonlySet<string> = new Set(['JPY']);

/** Fraction digits of a currency's minor unit. */
export function fractionDigits(currency: string): number {
  return ZERO_DIGIT_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2;
}

const DECIMAL = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;

/** Text of a number (finite numbers via `String()`, a `JsonDecimal` as written); other values unchanged. */
const numericText = (value: unknown): unknown =>
  typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value instanceof JsonDecimal ? value.text : value;

/**
 * Parses a decimal number (string or number) into an integer scaled by `10^digits`,
 * rounding half to even. Returns `undefined` for text that is not a decimal number.
 */
export function parseScaled(value: unknown, digits: number): number | undefined {
  const text = numericText(value);
  if (typeof text !== 'string') return undefined;
  const key = `${digits}:${text}`;
  let scaled = SCALED.get(key);
  if (scaled === undefined) {
    scaled = scaledOf(text, digits);
    if (SCALED.size >= MAX_SCALED) SCALED.clear();
    SCALED.set(key, scaled);
  }
  return scaled === null ? undefined : scaled;
}

/** Scaled integers per digit count and text; null for text that is not a decimal number. */
const SCALED = new Map<string, number | null>();

/** Texts kept before the scaled-integer table starts over. */
const MAX_SCALED = 4096;

function scaledOf(text: string, digits: number): number | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, intPart = '', fracPart = '', exp] = match;
  if (intPart === '' && fracPart === '') return null;
  const shift = digits + (exp ? Number.parseInt(exp, 10) : 0);
  const allDigits = intPart + fracPart;
  const pointAt = intPart.length + shift;
  let whole: string;
  let rest: string;
  if (pointAt <= 0) {
    whole = '0';
    rest = '0'.repeat(-pointAt) + allDigits;
  } else if (pointAt >= allDigits.length) {
    whole = allDigits + '0'.repeat(pointAt - allDigits.length);
    rest = '';
  } else {
    whole = allDigits.slice(0, pointAt);
    rest = allDigits.slice(pointAt);
  }
  let result = Number(whole === '' ? '0' : whole);
  if (!Number.isSafeInteger(result)) return null;
  const first = rest.charCodeAt(0) - 48;
  const beyondHalf = /[1-9]/.test(rest.slice(1));
  if (first > 5 || (first === 5 && (beyondHalf || result % 2 === 1))) result += 1;
  return sign === '-' && result !== 0 ? -result : result;
}

/** Parses a decimal amount in major units (e.g. `"12.50"`) into money. */
export function moneyFromAmount(amount: unknown, currency: string): Money | undefined {
  const minor = parseScaled(amount, fractionDigits(currency));
  return minor === undefined ? undefined : { minor, currency };
}

/** Zero in the default currency. */
export const ZERO_MONEY: Money = { minor: 0, currency: DEFAULT_CURRENCY };

/**
 * Reads a money value: `{value, currency}` or `{decimalValue, currencyCode}` (spec section 3).
 * A missing currency is the default store currency; a missing or unreadable amount is zero.
 */
export function moneyFromNode(node: unknown): Money {
  if (!isObject(node)) return ZERO_MONEY;
  const code = get(node, 'currency') ?? get(node, 'currencyCode');
  const currency = typeof code === 'string' && code.trim() !== '' ? code.trim().toUpperCase() : DEFAULT_CURRENCY;
  const amount = get(node, 'value') ?? get(node, 'decimalValue');
  return moneyFromAmount(amount, currency) ?? { minor: 0, currency };
}

/** The amount in major units as a plain decimal string (`12345` USD gives `"123.45"`). */
export function toDecimalString(money: Money): string {
  const digits = fractionDigits(money.currency);
  const negative = money.minor < 0;
  const abs = String(Math.abs(money.minor)).padStart(digits + 1, '0');
  const text = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  return negative ? `-${text}` : text;
}

/**
 * The legacy integer price in hundredths of the major unit, as older templates expect
 * (`{value: "1.00"}` gives `100`).
 */
export function legacyPrice(money: Money): number {
  return money.minor * 10 ** (2 - fractionDigits(money.currency));
}

/** Compares two amounts (same currency assumed): negative, zero or positive. */
export function compareMoney(a: Money, b: Money): number {
  return a.minor - b.minor;
}

/** The value as decimal text if it is a decimal number (string or finite number), else undefined. */
export function decimalText(value: unknown): string | undefined {
  const text = numericText(value);
  if (typeof text !== 'string') return undefined;
  const match = DECIMAL.exec(text);
  if (!match || ((match[2] ?? '') === '' && (match[3] ?? '') === '')) return undefined;
  return text.trim();
}
