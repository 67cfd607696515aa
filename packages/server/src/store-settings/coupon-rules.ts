import type { CouponKind } from '../db/schema.js';
import { MAX_MONEY_CENTS } from './schemas.js';
import { fieldError, SettingMessages } from './setting-messages.js';

/** A coupon's settable fields, as checked by {@link checkCoupon}. */
export interface CouponValues {
  code: string;
  kind: CouponKind;
  amount: number;
  minSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  active: boolean;
}

/**
 * Checks the rules that tie a coupon's fields together (each field's own shape is checked by
 * the route's schema): a percentage from 1 to 100, a fixed amount above zero, no amount for
 * free shipping (set to 0), an end after the start, and a use limit not below the uses so far.
 * Returns the coupon to store; throws a 400 naming the field otherwise.
 */
export function checkCoupon(coupon: CouponValues, timesUsed: number): CouponValues {
  const checked = { ...coupon, code: coupon.code.trim().toUpperCase(), amount: coupon.kind === 'FREE_SHIPPING' ? 0 : coupon.amount };
  if (checked.kind === 'PERCENT' && (checked.amount < 1 || checked.amount > 100))
    throw fieldError('VALIDATION_FAILED', 'amount', SettingMessages.PERCENT_RANGE);
  if (checked.kind === 'FIXED' && (checked.amount < 1 || checked.amount > MAX_MONEY_CENTS))
    throw fieldError('VALIDATION_FAILED', 'amount', SettingMessages.FIXED_RANGE);
  if (checked.startsAt && checked.endsAt && Date.parse(checked.endsAt) <= Date.parse(checked.startsAt))
    throw fieldError('VALIDATION_FAILED', 'endsAt', SettingMessages.END_BEFORE_START);
  if (checked.maxUses !== null && checked.maxUses < timesUsed) throw fieldError('VALIDATION_FAILED', 'maxUses', SettingMessages.usesBelowUsed(timesUsed));
  return checked;
}
