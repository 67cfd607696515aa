import { cartPillText, money } from '@emporium/commerce';
import type { CartState } from '../cart/cart-store.js';

/** The parts of the header's server-rendered cart link this module updates. */
export interface HeaderCartLink {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  querySelector(selector: string): { textContent: string | null } | null;
}

/** Store subset the header follows. */
export interface CartStateSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CartState;
}

/** The count text and accessible name of the header cart link for a cart state; null while no cart is known. */
export function headerCartView(state: CartState, currency: string): { count: string; label: string } | null {
  const cart = state.cart;
  if (!cart) return null;
  const quantity = Number.isInteger(cart.totalQuantity) && cart.totalQuantity >= 0 ? cart.totalQuantity : 0;
  const text = cartPillText(quantity, money(cart.subtotalCents ?? 0, cart.currency ?? currency));
  return { count: text.count, label: `Cart, ${text.spoken}` };
}

/**
 * Keeps the header's "Cart N" link (`.header-cart`, count in `.header-cart__count`) in step with
 * the shared cart store after adds and edits. Only the text changes (the count has a fixed
 * minimum width), so nothing moves. Returns the unsubscribe function.
 */
export function followHeaderCart(link: HeaderCartLink, store: CartStateSource, currency = 'USD'): () => void {
  const update = () => {
    const view = headerCartView(store.getSnapshot(), currency);
    if (!view) return;
    const count = link.querySelector('.header-cart__count');
    if (count && count.textContent !== view.count) count.textContent = view.count;
    if (link.getAttribute('aria-label') !== view.label) link.setAttribute('aria-label', view.label);
  };
  update();
  return store.subscribe(update);
}
