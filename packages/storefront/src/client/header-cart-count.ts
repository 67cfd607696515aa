import { cartCountText } from '@emporium/commerce';
import type { CartState } from '../cart/cart-store.js';
import { CART_MARKER_COOKIE, readCookie } from '../lib/cookies.js';

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
export function headerCartView(state: CartState): { count: string; label: string } | null {
  const cart = state.cart;
  if (!cart) return null;
  const quantity = Number.isInteger(cart.totalQuantity) && cart.totalQuantity >= 0 ? cart.totalQuantity : 0;
  const text = cartCountText(quantity);
  return { count: text.count, label: `Cart, ${text.spoken}` };
}

/**
 * The count and accessible name the cart marker cookie gives before the cart call answers: the
 * server writes the cart's item count into it with every change (no marker: no cart, 0 items).
 * Null when the marker holds anything but a count.
 */
export function markerCartView(cookieString: string): { count: string; label: string } | null {
  const raw = readCookie(cookieString, CART_MARKER_COOKIE);
  if (raw !== undefined && !/^\d{1,9}$/.test(raw)) return null;
  const text = cartCountText(raw === undefined ? 0 : Number(raw));
  return { count: text.count, label: `Cart, ${text.spoken}` };
}

/**
 * Keeps the header's "Cart N" link (`.header-cart`, count in `.header-cart__count`) in step with
 * the shared cart store after adds and edits, starting from the cart marker cookie's count
 * (`cookieString`, the page's `document.cookie`). Only the text changes (the count has a fixed
 * minimum width), so nothing moves. Returns the unsubscribe function.
 */
export function followHeaderCart(link: HeaderCartLink, store: CartStateSource, cookieString = ''): () => void {
  // Pages shared by every visitor leave the count empty: until the cart is known, the marker tells it.
  const marker = markerCartView(cookieString);
  const update = () => {
    const view = headerCartView(store.getSnapshot()) ?? marker;
    if (!view) return;
    const count = link.querySelector('.header-cart__count');
    if (count && count.textContent !== view.count) count.textContent = view.count;
    if (link.getAttribute('aria-label') !== view.label) link.setAttribute('aria-label', view.label);
  };
  update();
  return store.subscribe(update);
}
