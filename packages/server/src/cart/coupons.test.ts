import { describe, expect, it } from 'vitest';
import { evaluateCoupons, normalizeCouponCode, type CouponRecord } from './coupons.js';

const NOW = new Date('2026-06-01T12:00:00Z');

function coupon(code: string, patch: Partial<CouponRecord> = {}): [string, CouponRecord] {
  return [
    code,
    {
      id: `id-${code}`,
      code,
      kind: 'FIXED',
      amount: 500,
      minSubtotalCents: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      timesUsed: 0,
      active: true,
      ...patch,
    },
  ];
}

describe('evaluateCoupons', () => {
  const records = new Map([
    coupon('TEN', { kind: 'PERCENT', amount: 10 }),
    coupon('FIVE'),
    coupon('SHIP', { kind: 'FREE_SHIPPING', amount: 0 }),
    coupon('HUGE', { amount: 1_000_000 }),
    coupon('LATER', { startsAt: new Date('2026-07-01T00:00:00Z') }),
    coupon('GONE', { endsAt: new Date('2026-06-01T12:00:00Z') }),
    coupon('USED', { maxUses: 3, timesUsed: 3 }),
    coupon('OFF', { active: false }),
    coupon('MIN', { minSubtotalCents: 10_000 }),
  ]);

  it('applies percent (rounded half up), fixed and free shipping', () => {
    const result = evaluateCoupons(['ten', ' five ', 'SHIP'], records, 1235, NOW);
    expect(result.valid.map((c) => [c.code, c.discountCents])).toEqual([
      ['TEN', 124],
      ['FIVE', 500],
      ['SHIP', 0],
    ]);
    expect(result).toMatchObject({ discountCents: 624, freeShipping: true, invalid: [], couponIds: ['id-TEN', 'id-FIVE', 'id-SHIP'] });
  });

  it('never discounts more than the subtotal', () => {
    expect(evaluateCoupons(['FIVE', 'HUGE'], records, 2000, NOW).discountCents).toBe(2000);
  });

  it.each([
    ['LATER', 'This coupon is not active yet.'],
    ['GONE', 'This coupon has expired.'],
    ['USED', 'This coupon is no longer available.'],
    ['OFF', 'This coupon code is not valid.'],
    ['NOPE', 'This coupon code is not valid.'],
    ['MIN', 'Your order does not meet the minimum for this coupon.'],
  ])('lists %s as invalid: %s', (code, reason) => {
    const result = evaluateCoupons([code], records, 5000, NOW);
    expect(result.invalid).toEqual([{ code, reason }]);
    expect(result.discountCents).toBe(0);
  });

  it('normalises codes and ignores duplicates and blanks', () => {
    expect(normalizeCouponCode('  summer-sale ')).toBe('SUMMER-SALE');
    expect(evaluateCoupons(['five', 'FIVE', ''], records, 5000, NOW).valid).toHaveLength(1);
  });
});
