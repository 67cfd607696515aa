import { describe, expect, it } from 'vitest';
import { testCart, testLine } from '../api/test-cart.js';
import { orderSummaryRows } from './order-summary.js';

describe('orderSummaryRows', () => {
  it('lists subtotal, discount, shipping, tax and total from minor units', () => {
    const cart = testCart([testLine('a', 2, 4500)], { discountCents: 900, shippingCostCents: 750, taxCents: 648, grandTotalCents: 9498 });
    expect(orderSummaryRows(cart, 'USD').map((r) => [r.label, r.amount])).toEqual([
      ['Subtotal', '$90.00'],
      ['Discount', '−$9.00'],
      ['Shipping', '$7.50'],
      ['Tax', '$6.48'],
      ['Total', '$94.98'],
    ]);
  });

  it('leaves out a zero discount, shipping for carts that do not ship, and says Free for free shipping', () => {
    const digital = testCart([testLine('a', 1, 1600, { productType: 2 })]);
    expect(orderSummaryRows(digital, 'USD').map((r) => r.key)).toEqual(['subtotal', 'tax', 'total']);
    const free = testCart([testLine('a', 1, 9000)]);
    expect(orderSummaryRows(free, 'USD').find((r) => r.key === 'shipping')?.amount).toBe('Free');
  });

  it('formats in the cart currency and locale', () => {
    const cart = testCart([testLine('a', 1, 1234)], { currency: 'EUR', grandTotalCents: 1234 });
    expect(orderSummaryRows(cart, 'USD', 'de-DE').at(-1)?.amount).toBe('12,34\u00a0€');
  });
});
