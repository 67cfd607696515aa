import type { ShoppingCart } from '@emporium/commerce';
import { describe, expect, it, vi } from 'vitest';
import { fakeHttp, json } from '../api/test-http.js';
import { performAdd } from './add-to-cart-action.js';

function deps(respond: Parameters<typeof fakeHttp>[0], cookiesEnabled = true) {
  const { ctx, requests } = fakeHttp(respond);
  return { requests, deps: { http: ctx, setCart: vi.fn<(c: ShoppingCart) => void>(), navigate: vi.fn<(u: string) => void>(), cookiesEnabled } };
}

const prepared = { ok: true as const, sku: 'S1', quantity: 1 };

describe('performAdd', () => {
  it('updates the shared cart after a successful add', async () => {
    const { deps: d } = deps(() => json({ shoppingCart: { id: 'c', totalQuantity: 1 }, newlyAdded: {} }));
    await performAdd(d, { itemId: 'i' }, prepared);
    expect(d.setCart).toHaveBeenCalledWith({ id: 'c', totalQuantity: 1 });
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('goes to /checkout in express-checkout mode', async () => {
    const { deps: d } = deps(() => json({ shoppingCart: { id: 'c' }, newlyAdded: {} }));
    await performAdd(d, { itemId: 'i', expressCheckout: true }, prepared);
    expect(d.navigate).toHaveBeenCalledWith('/checkout');
  });

  it('posts subscriptions and goes to the subscription page with the cart token', async () => {
    const { deps: d, requests } = deps(() => json({ cartToken: 'T 1' }));
    await performAdd(d, { itemId: 'i', subscription: true }, { ...prepared, quantity: 2 });
    expect(requests[0].url).toBe('/api/3/commerce/cart/subscription');
    expect(JSON.parse(requests[0].init.body as string)).toEqual({ itemId: 'i', sku: 'S1', qty: 2, additionalFields: '{}' });
    expect(d.navigate).toHaveBeenCalledWith('/checkout/subscription?cartToken=T%201');
  });

  it.each([
    ['validation message', () => json({}), { ok: false as const, message: 'Please select the Size option.' }, true, false, 'Please select the Size option.'],
    ['429', () => json({ message: 'Too many' }, 429), prepared, true, false, 'Please try again in a few seconds.'],
    ['crumb failure, cookies on', () => json({ crumbFail: true }, 403), prepared, true, false, 'Your session has expired. Please reload the page and try again.'],
    ['crumb failure, cookies off', () => json({ crumbFail: true }, 403), prepared, false, false, 'Please enable cookies in your browser, reload the page, and try again.'],
    ['server message', () => json({ message: 'Item is no longer available' }, 400), prepared, true, false, 'Item is no longer available'],
    ['subscription server message', () => json({ message: 'Plan closed' }, 409), prepared, true, true, 'Plan closed'],
  ])('%s', async (_name, respond, prep, cookiesEnabled, subscription, message) => {
    const { deps: d, requests } = deps(respond, cookiesEnabled);
    await expect(performAdd(d, { itemId: 'i', subscription }, prep)).rejects.toThrow(message);
    if (!prep.ok) expect(requests).toHaveLength(0);
    expect(d.setCart).not.toHaveBeenCalled();
  });
});
