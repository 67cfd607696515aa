import { browserHttpContext } from '../api/http.js';
import { fetchCart } from '../api/cart-api.js';
import { CartStore } from './cart-store.js';

let shared: CartStore | null = null;

/** The page's single cart store (browser only), created on first use. */
export function sharedCartStore(): CartStore {
  shared ??= new CartStore(() => fetchCart(browserHttpContext(), { calculateSubtotal: true }));
  return shared;
}
