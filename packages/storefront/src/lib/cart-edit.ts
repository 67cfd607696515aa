import { AddToCartMessages, parseQuantity } from '@emporium/commerce';
import { removeCartEntry, updateEntryQuantity } from '../api/cart-edit-api.js';
import type { CartJson } from '../api/cart-json.js';
import type { HttpContext } from '../api/http.js';
import { ApiError } from '../api/http.js';

/** Collaborators of the cart-page edits. */
export interface CartEditDependencies {
  readonly http: HttpContext;
  /** Receives the cart the server returned (the shared store, so the pill stays in step). */
  readonly setCart: (cart: CartJson) => void;
}

/**
 * Result of an edit: the new cart, or the text to show beside the line (`message`) with the
 * reason when one is known (`detail`: the server's message, or the connection hint).
 */
export type CartEditResult = { ok: true; cart: CartJson } | { ok: false; message: string; detail?: string };

function failure(message: string, err: unknown): CartEditResult {
  if (!(err instanceof ApiError)) return { ok: false, message };
  if (err.status === 0) return { ok: false, message, detail: AddToCartMessages.CHECK_CONNECTION };
  if (err.status === 429) return { ok: false, message, detail: AddToCartMessages.RATE_LIMITED };
  return err.status < 500 && err.message ? { ok: false, message, detail: err.message } : { ok: false, message };
}

/**
 * Sets a line's quantity from what the visitor typed or clicked. A non-number or fraction gives
 * the spec's quantity message without calling the server; a failed call gives
 * 'Unable to update quantity'.
 */
export async function changeQuantity(deps: CartEditDependencies, entryId: string, input: string | number): Promise<CartEditResult> {
  const parsed = parseQuantity(input);
  if (!parsed.ok) return parsed;
  try {
    const cart = await updateEntryQuantity(deps.http, entryId, parsed.quantity);
    deps.setCart(cart);
    return { ok: true, cart };
  } catch (err) {
    return failure(AddToCartMessages.UPDATE_QUANTITY_FAILED, err);
  }
}

/** Removes a line; a failed call gives 'Unable to remove item'. */
export async function removeLine(deps: CartEditDependencies, entryId: string): Promise<CartEditResult> {
  try {
    const cart = await removeCartEntry(deps.http, entryId);
    deps.setCart(cart);
    return { ok: true, cart };
  } catch (err) {
    return failure(AddToCartMessages.REMOVE_ITEM_FAILED, err);
  }
}
