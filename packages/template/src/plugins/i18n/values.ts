import { Decimal } from '@phensley/cldr';
import { JsonDecimal } from '../../json-decimal.js';

/** Epoch milliseconds (or any number) from a JSON number or numeric string; NaN otherwise. */
export function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value instanceof JsonDecimal) return value.value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return NaN;
}

/** The text of a JSON number (as written), finite number or trimmed string; undefined for other values and ''. */
export function numericText(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (value instanceof JsonDecimal) {
    text = value.text;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  return text === '' ? undefined : text;
}

/** An exact decimal from a JSON number (a {@link JsonDecimal} as written) or numeric string; undefined when the value is not numeric. */
export function decimalOf(value: unknown): Decimal | undefined {
  const text = numericText(value);
  if (text === undefined) return undefined;
  let d = PARSED.get(text);
  if (d === undefined) {
    d = parseDecimal(text);
    if (PARSED.size >= MAX_PARSED) PARSED.clear();
    PARSED.set(text, d);
  }
  return d ?? undefined;
}

/** Parsed decimals per text (Decimals are immutable); null for text that is not a finite number. */
const PARSED = new Map<string, Decimal | null>();

/** Texts kept before the parsed-decimal table starts over. */
const MAX_PARSED = 4096;

function parseDecimal(text: string): Decimal | null {
  try {
    const d = new Decimal(text);
    return d.isNaN() || d.isInfinity() ? null : d;
  } catch {
    return null;
  }
}

/** A money value: `{decimalValue, currencyCode}` or `{value, currency}`. */
export interface Money {
  readonly amount: unknown;
  readonly currency: string;
}

const own = (obj: object, key: string): unknown => (Object.hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined);

/** Reads a money node; undefined when the value is not one. */
export function moneyOf(value: unknown): Money | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const [amountKey, currencyKey] of [
    ['decimalValue', 'currencyCode'],
    ['value', 'currency'],
  ] as const) {
    const amount = own(value, amountKey);
    const currency = own(value, currencyKey);
    if (amount !== undefined && amount !== null && typeof currency === 'string' && currency !== '') {
      return { amount, currency };
    }
  }
  return undefined;
}
