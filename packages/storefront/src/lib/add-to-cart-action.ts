import type { ShoppingCart } from '@emporium/commerce';
import { addToCartFailureMessage } from '@emporium/commerce';
import { addCartEntry, createSubscriptionCart } from '../api/cart-api.js';
import type { HttpContext } from '../api/http.js';
import { ApiError } from '../api/http.js';
import { newRequestKey } from '../api/request-key.js';
import { CHECKOUT_PATH, SUBSCRIPTION_CHECKOUT_PATH } from './navigate.js';

/** What to add, or why not. */
export type PreparedAdd = { ok: true; sku: string | null; quantity: number; additionalFields?: string } | { ok: false; message: string };

/** Collaborators of {@link performAdd}. */
export interface AddDependencies {
  readonly http: HttpContext;
  readonly setCart: (cart: ShoppingCart) => void;
  readonly navigate: (url: string) => void;
  readonly cookiesEnabled: boolean;
  /** Makes the Idempotency-Key of one click (default: {@link newRequestKey}). */
  readonly newKey?: () => string | undefined;
  /** Waits before the one retry of a click whose outcome is unknown (default: {@link RETRY_PAUSE_MS}). */
  readonly retryPause?: () => Promise<void>;
}

/** Pause before retrying an add that got no answer or a 5xx. */
export const RETRY_PAUSE_MS = 500;

function pause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
}

/** An add whose outcome is unknown (no answer, or a server error) may have happened: retry it with its key. */
function outcomeUnknown(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.status >= 500);
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
 * in express-checkout mode, the browser goes to /checkout. Each call (one click) sends a fresh
 * Idempotency-Key; when the add gets no answer or a 5xx it is sent once more with the same key,
 * so the server adds at most once. Throws an Error carrying the text to show.
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
    const body = { itemId: mode.itemId, sku: prepared.sku, quantity: prepared.quantity, additionalFields };
    const key = (deps.newKey ?? newRequestKey)();
    const res = await addCartEntry(deps.http, body, key).catch(async (err: unknown) => {
      if (!key || !outcomeUnknown(err)) throw err;
      await (deps.retryPause ?? pause)();
      return addCartEntry(deps.http, body, key);
    });
    deps.setCart(res.shoppingCart);
    if (mode.expressCheckout) deps.navigate(CHECKOUT_PATH);
  } catch (err) {
    throw new Error(addFailureText(err, mode.subscription === true, deps.cookiesEnabled));
  }
}
