import type { CartStore } from './cart-store.js';

/** Window events other page scripts (the cart page) use to talk to the shared cart. */
export const CartEvents = Object.freeze({
  RECALCULATE_START: 'emporium:cart-recalculate-start',
  RECALCULATE_END: 'emporium:cart-recalculate-end',
  RELOAD: 'emporium:cart-reload',
} as const);

/** Wires the cart events on `target` to `store`; returns a function removing the listeners. */
export function installCartEvents(target: EventTarget, store: CartStore): () => void {
  const handlers: Array<[string, () => void]> = [
    [CartEvents.RECALCULATE_START, () => store.recalculateStart()],
    [CartEvents.RECALCULATE_END, () => store.recalculateEnd()],
    [CartEvents.RELOAD, () => void store.load()],
  ];
  for (const [name, fn] of handlers) target.addEventListener(name, fn);
  return () => {
    for (const [name, fn] of handlers) target.removeEventListener(name, fn);
  };
}
