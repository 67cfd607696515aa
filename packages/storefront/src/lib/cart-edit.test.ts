import { describe, expect, it, vi } from 'vitest';
import type { CartJson } from '../api/cart-json.js';
import { testCart, testLine } from '../api/test-cart.js';
import { fakeHttp, json } from '../api/test-http.js';
import { changeQuantity, removeLine } from './cart-edit.js';

const ENTRY = '0123456789abcdef0123456789abcdef';

describe('changeQuantity', () => {
  it('PUTs the quantity, hands the returned cart to the store and returns it', async () => {
    const cart = testCart([testLine(ENTRY, 4, 1000)]);
    const { ctx, requests } = fakeHttp(() => json({ shoppingCart: cart, updatedEntry: cart.entries[0] }));
    const setCart = vi.fn<(c: CartJson) => void>();
    const result = await changeQuantity({ http: ctx, setCart }, ENTRY, '4');
    expect(result).toEqual({ ok: true, cart });
    expect(setCart).toHaveBeenCalledWith(cart);
    expect(requests[0].url).toBe(`/api/commerce/shopping-cart/entries/${ENTRY}`);
    expect(requests[0].init.method).toBe('PUT');
    expect(JSON.parse(requests[0].init.body as string)).toEqual({ quantity: 4 });
  });

  it.each([
    ['abc', 'Quantity must be a number.'],
    ['', 'Quantity must be a number.'],
    ['1.5', 'Quantity must be a whole number'],
  ])('refuses %j without calling the server', async (input, message) => {
    const { ctx, requests } = fakeHttp(() => json({}));
    expect(await changeQuantity({ http: ctx, setCart: vi.fn() }, ENTRY, input)).toEqual({ ok: false, message });
    expect(requests).toHaveLength(0);
  });

  it("says 'Unable to update quantity' with the server's reason and leaves the store alone", async () => {
    const { ctx } = fakeHttp(() => json({ message: 'Sorry, we do not have enough of that item available.' }, 409));
    const setCart = vi.fn();
    expect(await changeQuantity({ http: ctx, setCart }, ENTRY, 99)).toEqual({
      ok: false,
      message: 'Unable to update quantity',
      detail: 'Sorry, we do not have enough of that item available.',
    });
    expect(setCart).not.toHaveBeenCalled();
  });

  it('adds the connection hint when the network fails and hides 5xx details', async () => {
    const offline = fakeHttp(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await changeQuantity({ http: offline.ctx, setCart: vi.fn() }, ENTRY, 2)).toEqual({
      ok: false,
      message: 'Unable to update quantity',
      detail: 'Please check your internet connection.',
    });
    const broken = fakeHttp(() => json({ message: 'Something went wrong' }, 500));
    expect(await changeQuantity({ http: broken.ctx, setCart: vi.fn() }, ENTRY, 2)).toEqual({ ok: false, message: 'Unable to update quantity' });
  });
});

describe('removeLine', () => {
  it('DELETEs the entry and stores the returned cart', async () => {
    const empty = testCart([]);
    const { ctx, requests } = fakeHttp(() => json({ shoppingCart: empty }));
    const setCart = vi.fn();
    expect(await removeLine({ http: ctx, setCart }, ENTRY)).toEqual({ ok: true, cart: empty });
    expect(requests[0].init.method).toBe('DELETE');
    expect(requests[0].init.body).toBeUndefined();
    expect(setCart).toHaveBeenCalledWith(empty);
  });

  it("says 'Unable to remove item' on failure", async () => {
    const { ctx } = fakeHttp(() => json({ message: 'Not found' }, 404));
    expect(await removeLine({ http: ctx, setCart: vi.fn() }, ENTRY)).toMatchObject({ ok: false, message: 'Unable to remove item' });
  });
});
