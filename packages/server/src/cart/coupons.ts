import { and, eq, inArray, sql } from 'drizzle-orm';
import { coupons, type CouponKind } from '../db/schema.js';
import type { DbOrTx } from '../db/types.js';

/** A coupon row as the pricing code needs it. */
export interface CouponRecord {
  id: string;
  code: string;
  kind: CouponKind;
  amount: number;
  minSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  timesUsed: number;
  active: boolean;
}

/** A coupon that applies to the cart. */
export interface ValidCoupon {
  code: string;
  kind: CouponKind;
  amount: number;
  discountCents: number;
}

/** A code that does not apply, and why. */
export interface InvalidCoupon {
  code: string;
  reason: string;
}

/** Result of {@link evaluateCoupons}. */
export interface CouponEvaluation {
  valid: ValidCoupon[];
  invalid: InvalidCoupon[];
  /** Total discount on the subtotal, never above it. */
  discountCents: number;
  freeShipping: boolean;
  /** Ids of the valid coupons (their use is counted when the order is placed). */
  couponIds: string[];
}

/** Normalises a typed code: trimmed, upper case, at most 64 characters. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase().slice(0, 64);
}

/** This site's coupons for the given codes, keyed by normalised code. */
export async function loadCoupons(db: DbOrTx, websiteId: string, codes: readonly string[]): Promise<Map<string, CouponRecord>> {
  const wanted = [...new Set(codes.map(normalizeCouponCode))].filter(Boolean);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), inArray(sql`upper(${coupons.code})`, wanted)));
  return new Map(rows.map((r) => [normalizeCouponCode(r.code), r]));
}

function whyInvalid(coupon: CouponRecord | undefined, subtotalCents: number, now: Date): string | null {
  if (!coupon || !coupon.active) return 'This coupon code is not valid.';
  if (coupon.startsAt && coupon.startsAt > now) return 'This coupon is not active yet.';
  if (coupon.endsAt && coupon.endsAt <= now) return 'This coupon has expired.';
  if (coupon.maxUses !== null && coupon.timesUsed >= coupon.maxUses) return 'This coupon is no longer available.';
  if (subtotalCents < coupon.minSubtotalCents) return 'Your order does not meet the minimum for this coupon.';
  return null;
}

/**
 * Splits the cart's codes into valid and invalid ones and computes the discount: percentages
 * of the subtotal (rounded half up), fixed amounts, and free shipping; the total discount
 * never exceeds the subtotal.
 */
export function evaluateCoupons(codes: readonly string[], records: ReadonlyMap<string, CouponRecord>, subtotalCents: number, now: Date): CouponEvaluation {
  const result: CouponEvaluation = { valid: [], invalid: [], discountCents: 0, freeShipping: false, couponIds: [] };
  let remaining = subtotalCents;
  for (const code of [...new Set(codes.map(normalizeCouponCode))].filter(Boolean)) {
    const coupon = records.get(code);
    const reason = whyInvalid(coupon, subtotalCents, now);
    if (reason || !coupon) {
      result.invalid.push({ code, reason: reason ?? 'This coupon code is not valid.' });
      continue;
    }
    let discount = 0;
    if (coupon.kind === 'PERCENT') discount = Math.floor((subtotalCents * coupon.amount + 50) / 100);
    else if (coupon.kind === 'FIXED') discount = coupon.amount;
    else result.freeShipping = true;
    discount = Math.min(discount, remaining);
    remaining -= discount;
    result.discountCents += discount;
    result.couponIds.push(coupon.id);
    result.valid.push({ code, kind: coupon.kind, amount: coupon.amount, discountCents: discount });
  }
  return result;
}

/**
 * Counts one use of a coupon with a guarded update (never past `max_uses`, only while active).
 * Returns false when the coupon can no longer be used.
 */
export async function useCoupon(db: DbOrTx, websiteId: string, couponId: string): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(
      and(
        eq(coupons.websiteId, websiteId),
        eq(coupons.id, couponId),
        eq(coupons.active, true),
        sql`(${coupons.maxUses} is null or ${coupons.timesUsed} < ${coupons.maxUses})`,
      ),
    )
    .returning({ id: coupons.id });
  return rows.length === 1;
}
