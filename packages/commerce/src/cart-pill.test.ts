import { describe, expect, it } from 'vitest';
import { cartCountText, cartPillText, cartPillVisible } from './cart-pill.js';
import { money } from './money.js';

describe('cart pill text (spec section 9)', () => {
  it.each([
    [1, 2000, { count: '1', noun: 'item', subtotal: '$20', spoken: '1 item in cart' }],
    [2, 2050, { count: '2', noun: 'items', subtotal: '$20.50', spoken: '2 items in cart' }],
    [100, 100000, { count: '100', noun: 'items', subtotal: '$1,000', spoken: '100 items in cart' }],
    [101, 101000, { count: '100+', noun: 'items', subtotal: '$1,010', spoken: 'More than 100 items in cart' }],
  ])('%i items, %i cents', (qty, cents, text) => {
    expect(cartPillText(qty, money(cents))).toEqual(text);
  });

  it('is hidden at zero', () => {
    expect(cartPillVisible(0)).toBe(false);
    expect(cartPillVisible(1)).toBe(true);
  });

  it('rejects negative quantities', () => {
    expect(() => cartPillText(-1, money(0))).toThrow('Invalid cart quantity');
    expect(() => cartCountText(-1)).toThrow('Invalid cart quantity');
    expect(() => cartCountText(1.5)).toThrow('Invalid cart quantity');
  });

  it('gives the count and spoken text without a subtotal (the header count formats no money)', () => {
    expect(cartCountText(0)).toEqual({ count: '0', noun: 'items', spoken: '0 items in cart' });
    expect(cartCountText(1)).toEqual({ count: '1', noun: 'item', spoken: '1 item in cart' });
    expect(cartCountText(101)).toEqual({ count: '100+', noun: 'items', spoken: 'More than 100 items in cart' });
  });
});
