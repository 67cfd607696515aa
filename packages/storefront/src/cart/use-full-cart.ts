import { useMemo, useSyncExternalStore } from 'react';
import type { CartJson, CartLineJson } from '../api/cart-json.js';
import { sharedCartStore } from './shared-cart.js';

/**
 * Adds the page-only fields of `pageCart`'s lines (image, product URL, option order) to the
 * lines of a cart the API returned, matching by entry id, then by item id.
 */
export function withPageLineFields(cart: CartJson, pageCart: CartJson | null | undefined): CartJson {
  if (!pageCart || cart === pageCart) return cart;
  const byEntry = new Map(pageCart.entries.map((e) => [e.id, e]));
  const byItem = new Map(pageCart.entries.map((e) => [e.itemId, e]));
  const entries = cart.entries.map((line): CartLineJson => {
    const known = byEntry.get(line.id) ?? byItem.get(line.itemId);
    if (!known) return line;
    const sameVariant = known.chosenVariant?.sku === line.chosenVariant?.sku;
    return {
      ...line,
      assetUrl: line.assetUrl ?? known.assetUrl,
      srcset: line.srcset ?? known.srcset,
      fullUrl: line.fullUrl ?? known.fullUrl,
      chosenVariant:
        line.chosenVariant && sameVariant && !line.chosenVariant.optionValues && known.chosenVariant?.optionValues
          ? { ...line.chosenVariant, optionValues: known.chosenVariant.optionValues }
          : line.chosenVariant,
    };
  });
  return { ...cart, entries };
}

/** A seed (figures only, from the cart pill's props) has a quantity but no lines. */
function isWholeCart(cart: CartJson): boolean {
  return cart.entries.length > 0 || cart.totalQuantity === 0;
}

/**
 * The whole cart for the cart and checkout islands: the shared store's cart once it holds a
 * whole one (loaded or returned by an edit), else `pageCart`, the cart the page was rendered
 * with. Server rendering and hydration read `pageCart`, so the markup matches.
 */
export function useFullCart(pageCart: CartJson | null | undefined): CartJson | null {
  const store = sharedCartStore();
  const fallback = pageCart ?? null;
  const storeCart = useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().cart as CartJson | null,
    () => null,
  );
  return useMemo(() => (storeCart && isWholeCart(storeCart) ? withPageLineFields(storeCart, fallback) : fallback), [storeCart, fallback]);
}
