import { describe, expect, it, vi } from 'vitest';
import { CartEvents, installCartEvents } from './cart-events.js';
import { CartStore } from './cart-store.js';

describe('cart events', () => {
  it('sets the recalculation flag between start and end and reloads on request', () => {
    const loader = vi.fn(() => Promise.resolve({ id: 'c', entries: [], totalQuantity: 0, subtotalCents: 0 }));
    const store = new CartStore(loader);
    const target = new EventTarget();
    const off = installCartEvents(target, store);
    target.dispatchEvent(new Event(CartEvents.RECALCULATE_START));
    expect(store.getSnapshot().recalculating).toBe(true);
    target.dispatchEvent(new Event(CartEvents.RECALCULATE_END));
    expect(store.getSnapshot().recalculating).toBe(false);
    target.dispatchEvent(new Event(CartEvents.RELOAD));
    expect(loader).toHaveBeenCalledTimes(1);
    off();
    target.dispatchEvent(new Event(CartEvents.RECALCULATE_START));
    expect(store.getSnapshot().recalculating).toBe(false);
  });
});
