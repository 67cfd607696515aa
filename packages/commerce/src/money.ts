import { DEFAULT_CURRENCY, fractionDigits } from './currencies.js';

/** An amount of money in integer minor units (cents for USD, yen for JPY). */
export interface Money {
  /** Integer amount in the currency's minor unit. */
  readonly value: number;
  /** ISO 4217 currency code. */
  readonly currency: string;
}

/** Money as it appears in product JSON: a decimal amount and a currency code. */
export interface DecimalMoney {
  readonly decimalValue: string | number;
  readonly currencyCode: string;
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

/** Builds Money after checking the value is a safe integer and the currency is supported. */
export function money(value: number, currency: string = DEFAULT_CURRENCY): Money {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Money value must be an integer of minor units, got ${value}`);
  fractionDigits(currency);
  return { value, currency };
}

/**
 * Parses a decimal amount ("12.5", "-0.99", 12.5) into integer minor units without floating-point
 * arithmetic. Extra fraction digits are rounded half away from zero.
 */
export function decimalToMinor(amount: string | number, currency: string = DEFAULT_CURRENCY): number {
  const digits = fractionDigits(currency);
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  const [, sign, whole, fraction = ''] = match;
  const padded = fraction.padEnd(digits + 1, '0');
  let minor = BigInt(whole + padded.slice(0, digits));
  if (Number(padded[digits]) >= 5) minor += 1n;
  const value = Number(sign === '-' ? -minor : minor);
  if (!Number.isSafeInteger(value)) throw new RangeError(`Amount out of range: ${JSON.stringify(amount)}`);
  return value === 0 ? 0 : value;
}

/** Formats integer minor units as a plain decimal string ("1234.50", "-0.05", "1235" for JPY). */
export function minorToDecimal(minor: number, currency: string = DEFAULT_CURRENCY): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor units must be an integer, got ${minor}`);
  const digits = fractionDigits(currency);
  const abs = Math.abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (digits === 0) return sign + abs;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** Parses a decimal amount into Money. */
export function moneyFromDecimal(amount: string | number, currency: string = DEFAULT_CURRENCY): Money {
  return { value: decimalToMinor(amount, currency), currency };
}

/** Accepts either shape the spec names (value/currency or decimalValue/currencyCode) and returns Money. */
export function toMoney(input: Money | DecimalMoney): Money {
  if ('decimalValue' in input) return moneyFromDecimal(input.decimalValue, input.currencyCode);
  return money(input.value, input.currency);
}

/** Sum of amounts in one currency; throws when currencies differ. */
export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.value + b.value, a.currency);
}

/** Money multiplied by an integer factor (a quantity). */
export function multiplyMoney(a: Money, factor: number): Money {
  if (!Number.isSafeInteger(factor)) throw new RangeError(`Factor must be an integer, got ${factor}`);
  return money(a.value * factor, a.currency);
}

/** Orders two amounts of one currency: negative, zero or positive. */
export function compareMoney(a: Money, b: Money): number {
  assertSameCurrency(a, b);
  return a.value - b.value;
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`Currency mismatch: ${a.currency} vs ${b.currency}`);
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite amount: ${n}`);
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return n.toFixed(20).replace(/\.?0+$/, '');
}
