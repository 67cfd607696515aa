import type { ShoppingCart } from '@emporium/commerce';
import { addToCartFailureMessage } from '@emporium/commerce';
import { addCartEntry, createSubscriptionCart } from '../api/cart-api.js';
import type { HttpContext } from '../api/http.js';
import { ApiError } from '../api/http.js';
import { CHECKOUT_PATH, SUBSCRIPTION_CHECKOUT_PATH } from './navigate.js';

/** What to add, or why not. */
export type PreparedAdd =
  | { ok: true; sku: string | null; quantity: number; additionalFields?: string }
  | { ok: false; message: string };

/** Collaborators of {@link performAdd}. */
export interface AddDependencies {
  readonly http: HttpContext;
  readonly setCart: (cart: ShoppingCart) => void;
  readonly navigate: (url: string) => void;
  readonly cookiesEnabled: boolean;
}

/** How the add is carried out. */
export interface AddMode {
  readonly itemId: string;
  readonly expressCheckout?: boolean;
  readonly subscription?: boolean;
}

/** The visitor-facing text for a failed add or subscribe call. */
export function addFailureText(err: unknown, subscription: boolean, cookiesEnabled: boolean): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  if (subscription && !err.crumbFailed && err.status !== 0 && err.status !== 429) return err.message;
  return addToCartFailureMessage({ status: err.status, serverMessage: err.message, crumbFailed: err.crumbFailed, cookiesEnabled });
}

/**
 * Adds to the cart (or starts a subscription checkout). On success the shared cart is updated and,
 * in express-checkout mode, the browser goes to /checkout. Throws an Error carrying the text to show.
 */
export async function performAdd(deps: AddDependencies, mode: AddMode, prepared: PreparedAdd): Promise<void> {
  if (!prepared.ok) throw new Error(prepared.message);
  const additionalFields = prepared.additionalFields ?? '{}';
  try {
    if (mode.subscription) {
      const token = await createSubscriptionCart(deps.http, { itemId: mode.itemId, sku: prepared.sku, qty: prepared.quantity, additionalFields });
      deps.navigate(`${SUBSCRIPTION_CHECKOUT_PATH}?cartToken=${encodeURIComponent(token)}`);
      return;
    }
    const res = await addCartEntry(deps.http, { itemId: mode.itemId, sku: prepared.sku, quantity: prepared.quantity, additionalFields });
    deps.setCart(res.shoppingCart);
    if (mode.expressCheckout) deps.navigate(CHECKOUT_PATH);
  } catch (err) {
    throw new Error(addFailureText(err, mode.subscription === true, deps.cookiesEnabled));
  }
}
