import { describe, expect, it } from 'vitest';
import type { CartEntry } from './cart.js';
import { entrySubtotal, hasDigital, minimumSubtotalError, purelyDigital, requiresShipping, subtotalCents, summarizeCart, totalQuantity } from './cart.js';
import { money } from './money.js';

const entry = (id: string, price: number, quantity: number, productType: 1 | 2 | 3 | 4 | 5): CartEntry => ({
  id,
  itemId: `i${id}`,
  purchasePriceCents: price,
  quantity,
  productType,
});
const shirt = entry('a', 1999, 3, 1);
const ebook = entry('b', 500, 1, 2);
const lesson = entry('c', 10000, 2, 3);

describe('cart math', () => {
  it('multiplies unit price by quantity per entry', () => {
    expect(entrySubtotal(shirt)).toBe(5997);
  });

  it('refuses non-integer prices', () => {
    expect(() => entrySubtotal(entry('x', 19.99, 1, 1))).toThrow('non-integer');
  });

  it.each([
    ['empty', [], 0, 0, false, false, false],
    ['physical only', [shirt], 5997, 3, false, false, true],
    ['digital only', [ebook], 500, 1, true, true, false],
    ['mixed', [shirt, ebook, lesson], 26497, 6, true, false, true],
    ['service only', [lesson], 20000, 2, false, false, false],
  ] as const)('%s cart', (_name, entries, cents, qty, digital, pure, shipping) => {
    expect(subtotalCents(entries)).toBe(cents);
    expect(totalQuantity(entries)).toBe(qty);
    expect(hasDigital(entries)).toBe(digital);
    expect(purelyDigital(entries)).toBe(pure);
    expect(requiresShipping(entries)).toBe(shipping);
  });

  it('summarizes with the subtotal in the store currency', () => {
    expect(summarizeCart([shirt], 'EUR').subtotalAmount).toEqual({ value: 5997, currency: 'EUR' });
  });
});

describe('minimum subtotal', () => {
  it.each([
    [4999, 5000, 'To check out, your order subtotal must be $50.00 or more.'],
    [5000, 5000, null],
    [100, 0, null],
  ] as const)('subtotal %d vs minimum %d', (subtotal, minimum, message) => {
    expect(minimumSubtotalError(money(subtotal), money(minimum))).toBe(message);
  });

  it('passes when no minimum is set', () => {
    expect(minimumSubtotalError(money(1), null)).toBeNull();
  });
});
