import type { DbOrTx } from '../db/types.js';
import type { Website } from '../sites/index.js';
import { cartJson, type ShoppingCartJson } from './cart-json.js';
import { priceCart, type PricedCart, type PricingSources } from './cart-pricing.js';
import { findCart, listEntries } from './cart-repository.js';

/**
 * Prices the open cart with this id (an empty cart when there is none or it was purchased);
 * `sources` as for {@link priceCart}.
 */
export async function loadPricedCart(db: DbOrTx, site: Website, cartId: string | undefined, now?: Date, sources?: PricingSources): Promise<PricedCart> {
  if (!cartId) return priceCart(db, site, null, [], now, sources);
  if (sources?.concurrent) {
    const [cart, entries] = await Promise.all([findCart(db, site.id, cartId), listEntries(db, site.id, cartId)]);
    return priceCart(db, site, cart ?? null, cart ? entries : [], now, sources);
  }
  const cart = await findCart(db, site.id, cartId);
  const entries = cart ? await listEntries(db, site.id, cart.id) : [];
  return priceCart(db, site, cart ?? null, entries, now, sources);
}

/**
 * The spec 3 cart JSON for a cart id, for the API and for pages (the `cart` of the template
 * context): an empty cart with id '' when there is no open cart.
 */
export async function loadCartJson(db: DbOrTx, site: Website, cartId: string | undefined): Promise<ShoppingCartJson> {
  return cartJson(await loadPricedCart(db, site, cartId), site.id);
}
