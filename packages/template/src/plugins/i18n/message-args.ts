import { Decimal, DecimalConstants, type MessageArgConverter } from '@phensley/cldr';
import { JsonDecimal } from '../../json-decimal.js';
import { decimalOf, moneyOf } from './values.js';

/** Thrown when a plural or ordinal choice gets an argument that is not a number. */
export class NonNumericArgumentError extends Error {
  constructor(value: unknown) {
    super(`Non-numerical argument '${typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))}'`);
    this.name = 'NonNumericArgumentError';
  }
}

const plain = (value: unknown): unknown => {
  const money = moneyOf(value);
  return money ? money.amount : value;
};

/**
 * Converts template values for the message engine: money nodes stand for their
 * amount; plural selection on a non-number throws {@link NonNumericArgumentError}.
 */
export const messageArgConverter: MessageArgConverter = {
  asString(arg: unknown): string {
    const value = plain(arg);
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (value instanceof Decimal || value instanceof JsonDecimal) return value.toString();
    return '';
  },
  asDecimal(arg: unknown): Decimal {
    const value = plain(arg);
    if (typeof value === 'boolean') return value ? DecimalConstants.ONE : DecimalConstants.ZERO;
    if (value instanceof Decimal) return value;
    const d = decimalOf(value);
    if (!d) throw new NonNumericArgumentError(value);
    return d;
  },
};

/** Splits a message formatter argument at its first `:` or `=` into key and path; no key for a bare path. */
export function splitMessageArg(arg: string): { key?: string; path: string } {
  const m = /[:=]/.exec(arg);
  return m ? { key: arg.slice(0, m.index), path: arg.slice(m.index + 1) } : { path: arg };
}
