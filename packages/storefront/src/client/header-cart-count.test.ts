import { describe, expect, it } from 'vitest';
import { CartStore } from '../cart/cart-store.js';
import { followHeaderCart, headerCartView, markerCartView, type HeaderCartLink } from './header-cart-count.js';

function fakeLink(count: string, label: string): HeaderCartLink & { attrs: Map<string, string>; count: { textContent: string | null } } {
  const attrs = new Map([['aria-label', label]]);
  const countEl = { textContent: count };
  return {
    attrs,
    count: countEl,
    getAttribute: (n) => attrs.get(n) ?? null,
    setAttribute: (n, v) => void attrs.set(n, v),
    querySelector: (s) => (s === '.header-cart__count' ? countEl : null),
  };
}

const cart = (totalQuantity: number) => ({ id: 'c1', entries: [], totalQuantity, subtotalCents: totalQuantity * 1200, currency: 'USD' });

describe('header cart count', () => {
  it('has no view before a cart is known, then the pill texts', () => {
    expect(headerCartView({ cart: null, loading: false, recalculating: false, error: null })).toBeNull();
    expect(headerCartView({ cart: cart(1) as never, loading: false, recalculating: false, error: null })).toEqual({
      count: '1',
      label: 'Cart, 1 item in cart',
    });
    expect(headerCartView({ cart: cart(120) as never, loading: false, recalculating: false, error: null })).toEqual({
      count: '100+',
      label: 'Cart, More than 100 items in cart',
    });
  });

  it('follows the shared store after adds and edits, and stops when unsubscribed', () => {
    const store = new CartStore(async () => cart(0) as never);
    const link = fakeLink('0', 'Cart, 0 items in cart');
    const stop = followHeaderCart(link, store);
    expect(link.count.textContent).toBe('0');
    store.setCart(cart(2) as never);
    expect(link.count.textContent).toBe('2');
    expect(link.attrs.get('aria-label')).toBe('Cart, 2 items in cart');
    store.setCart(cart(1) as never);
    expect(link.count.textContent).toBe('1');
    stop();
    store.setCart(cart(5) as never);
    expect(link.count.textContent).toBe('1');
  });
});

describe('header cart count on a page shared by every visitor (decision 0022)', () => {
  it('reads the count from the cart marker cookie until the cart is loaded', () => {
    expect(markerCartView('crumb=x; hasCart=3')).toEqual({ count: '3', label: 'Cart, 3 items in cart' });
    expect(markerCartView('crumb=x')).toEqual({ count: '0', label: 'Cart, 0 items in cart' });
    expect(markerCartView('hasCart=1')).toEqual({ count: '1', label: 'Cart, 1 item in cart' });
    expect(markerCartView('hasCart=yes')).toBeNull();
  });

  it('fills the empty count from the marker, then follows the loaded cart', () => {
    const store = new CartStore(async () => cart(4) as never);
    const link = fakeLink('', 'Cart');
    followHeaderCart(link, store, 'hasCart=4');
    expect(link.count.textContent).toBe('4');
    expect(link.attrs.get('aria-label')).toBe('Cart, 4 items in cart');
    store.setCart(cart(5) as never);
    expect(link.count.textContent).toBe('5');
  });
});
