import { AppError, type ErrorCode } from '../errors/index.js';

/** What the owner is told about discounts, shipping options and tax rules. */
export const SettingMessages = Object.freeze({
  COUPON_NOT_FOUND: 'This coupon does not exist.',
  SHIPPING_OPTION_NOT_FOUND: 'This shipping option does not exist.',
  TAX_RULE_NOT_FOUND: 'This tax rule does not exist.',
  PERCENT_RANGE: 'A percentage discount must be from 1 to 100.',
  FIXED_RANGE: 'A fixed discount must be more than zero (in minor units, e.g. 500 for $5.00).',
  END_BEFORE_START: 'The end must be after the start.',
  RATE_NOT_A_NUMBER: 'The rate must be a percentage, like 20 or 8.875.',
  RATE_OUT_OF_RANGE: 'The rate must be from 0 to 100 percent.',
  RATE_TOO_PRECISE: 'The rate can have at most three decimals, like 8.875.',
  REGION_NEEDS_COUNTRY: 'Choose the country of this region, or leave the region empty.',
  NOTHING_TO_CHANGE: 'Send at least one field to change.',
  duplicateCoupon: (code: string) => `A coupon with the code ${code} already exists.`,
  usesBelowUsed: (used: number) => `The use limit cannot be below the ${used} uses so far.`,
});

/** An error about one field, answered as `{ error, message, fields: { [field]: message } }`. */
export function fieldError(code: ErrorCode, field: string, message: string): AppError {
  return new AppError(code, message, { body: { fields: { [field]: message } } });
}

/** True when a PostgreSQL unique violation (23505) is anywhere in an error's cause chain. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
