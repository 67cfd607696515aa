import type { ShoppingCart } from '@emporium/commerce';
import { describe, expect, it, vi } from 'vitest';
import { fakeHttp, json } from '../api/test-http.js';
import { performAdd } from './add-to-cart-action.js';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

function deps(respond: Parameters<typeof fakeHttp>[0], cookiesEnabled = true) {
  const { ctx, requests } = fakeHttp(respond);
  const setCart = vi.fn<(c: ShoppingCart) => void>();
  const navigate = vi.fn<(u: string) => void>();
  return { requests, deps: { http: ctx, setCart, navigate, cookiesEnabled, newKey: counter(), retryPause: () => Promise.resolve() } };
}

function keyOf(request: { init: RequestInit }): string | undefined {
  return (request.init.headers as Record<string, string>)['Idempotency-Key'];
}

const prepared = { ok: true as const, sku: 'S1', quantity: 1 };

describe('performAdd', () => {
  it('updates the shared cart after a successful add', async () => {
    const { deps: d } = deps(() => json({ shoppingCart: { id: 'c', totalQuantity: 1 }, newlyAdded: {} }));
    await performAdd(d, { itemId: 'i' }, prepared);
    expect(d.setCart).toHaveBeenCalledWith({ id: 'c', totalQuantity: 1 });
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('sends a fresh Idempotency-Key with each add (one per click)', async () => {
    const { deps: d, requests } = deps(() => json({ shoppingCart: { id: 'c' }, newlyAdded: {} }));
    await performAdd(d, { itemId: 'i' }, prepared);
    await performAdd(d, { itemId: 'i' }, prepared);
    expect(requests.map(keyOf)).toEqual(['key-1', 'key-2']);
  });

  it('sends a random key by default', async () => {
    const { deps: d, requests } = deps(() => json({ shoppingCart: { id: 'c' }, newlyAdded: {} }));
    const { newKey: _, ...defaults } = d;
    await performAdd(defaults, { itemId: 'i' }, prepared);
    expect(keyOf(requests[0]!)).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 503', () => json({ message: 'Unavailable' }, 503)],
  ])('retries the same click once with the same key after %s', async (_name, fail) => {
    let calls = 0;
    const { deps: d, requests } = deps(() => (++calls === 1 ? fail() : json({ shoppingCart: { id: 'c', totalQuantity: 1 }, newlyAdded: {} })));
    await performAdd(d, { itemId: 'i' }, prepared);
    expect(requests).toHaveLength(2);
    expect(requests.map(keyOf)).toEqual(['key-1', 'key-1']);
    expect(d.setCart).toHaveBeenCalledWith({ id: 'c', totalQuantity: 1 });
  });

  it('does not retry a refusal, and gives up after one retry', async () => {
    const refused = deps(() => json({ message: 'Sorry, we do not have enough of that item available.' }, 409));
    await expect(performAdd(refused.deps, { itemId: 'i' }, prepared)).rejects.toThrow('Sorry, we do not have enough of that item available.');
    expect(refused.requests).toHaveLength(1);
    const down = deps(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(performAdd(down.deps, { itemId: 'i' }, prepared)).rejects.toThrow();
    expect(down.requests.map(keyOf)).toEqual(['key-1', 'key-1']);
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
    [
      'crumb failure, cookies on',
      () => json({ crumbFail: true }, 403),
      prepared,
      true,
      false,
      'Your session has expired. Please reload the page and try again.',
    ],
    [
      'crumb failure, cookies off',
      () => json({ crumbFail: true }, 403),
      prepared,
      false,
      false,
      'Please enable cookies in your browser, reload the page, and try again.',
    ],
    ['server message', () => json({ message: 'Item is no longer available' }, 400), prepared, true, false, 'Item is no longer available'],
    ['subscription server message', () => json({ message: 'Plan closed' }, 409), prepared, true, true, 'Plan closed'],
  ])('%s', async (_name, respond, prep, cookiesEnabled, subscription, message) => {
    const { deps: d, requests } = deps(respond, cookiesEnabled);
    await expect(performAdd(d, { itemId: 'i', subscription }, prep)).rejects.toThrow(message);
    if (!prep.ok) expect(requests).toHaveLength(0);
    expect(d.setCart).not.toHaveBeenCalled();
  });
});
