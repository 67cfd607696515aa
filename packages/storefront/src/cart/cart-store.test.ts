import type { ShoppingCart } from '@emporium/commerce';
import { describe, expect, it, vi } from 'vitest';
import { CartStore } from './cart-store.js';

const cart = (totalQuantity: number): ShoppingCart => ({ id: 'c', entries: [], totalQuantity, subtotalCents: totalQuantity * 100 });

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('CartStore', () => {
  it('defers loads requested while one is in flight into a single follow-up', async () => {
    const pending = [deferred<ShoppingCart>(), deferred<ShoppingCart>()];
    const loader = vi.fn(() => pending[loader.mock.calls.length - 1].promise);
    const store = new CartStore(loader);
    const first = store.load();
    void store.load();
    void store.load();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().loading).toBe(true);
    pending[0].resolve(cart(1));
    await first;
    expect(loader).toHaveBeenCalledTimes(2);
    pending[1].resolve(cart(2));
    await vi.waitFor(() => expect(store.getSnapshot().cart?.totalQuantity).toBe(2));
    expect(store.getSnapshot().loading).toBe(false);
  });

  it('keeps the last cart and records the error message when a load fails', async () => {
    const store = new CartStore(() => Promise.reject(new Error('Cart unavailable')));
    store.setCart(cart(3));
    expect(await store.load()).toBeNull();
    expect(store.getSnapshot()).toMatchObject({ error: 'Cart unavailable', loading: false, cart: { totalQuantity: 3 } });
  });

  it('flags recalculation between start and end and notifies subscribers', () => {
    const store = new CartStore(() => Promise.resolve(cart(0)));
    const listener = vi.fn();
    const off = store.subscribe(listener);
    store.recalculateStart();
    expect(store.getSnapshot().recalculating).toBe(true);
    store.recalculateEnd();
    expect(store.getSnapshot().recalculating).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    off();
    store.recalculateStart();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('seeds only an empty store', () => {
    const store = new CartStore(() => Promise.resolve(cart(0)));
    store.seed({ totalQuantity: 4, subtotalCents: 400 });
    store.seed({ totalQuantity: 9, subtotalCents: 900 });
    expect(store.getSnapshot().cart?.totalQuantity).toBe(4);
  });
});
