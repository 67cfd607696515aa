import type { ShoppingCart } from '@emporium/commerce';
import { IDEMPOTENCY_KEY_HEADER } from './checkout-api.js';
import type { HttpContext } from './http.js';
import { requestJson } from './http.js';
import { ApiPaths } from './paths.js';

/** Body of POST /api/commerce/shopping-cart/entries. */
export interface AddEntryRequest {
  readonly itemId: string;
  readonly sku: string | null;
  readonly quantity: number;
  /** JSON string of additional-field answers. */
  readonly additionalFields: string;
}

/** Response of the add-entry call. */
export interface AddEntryResponse {
  readonly shoppingCart: ShoppingCart;
  readonly newlyAdded: unknown;
}

/** GET /api/commerce/shopping-cart. */
export function fetchCart(ctx: HttpContext, query: { calculateSubtotal?: boolean; mock?: boolean; timecode?: string } = {}): Promise<ShoppingCart> {
  return requestJson<ShoppingCart>(ctx, ApiPaths.CART, { query });
}

/**
 * POST /api/commerce/shopping-cart/entries. With an `idempotencyKey` (one per click) a repeat of
 * the same add is answered from the first instead of adding again.
 */
export function addCartEntry(ctx: HttpContext, body: AddEntryRequest, idempotencyKey?: string): Promise<AddEntryResponse> {
  const headers = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined;
  return requestJson<AddEntryResponse>(ctx, ApiPaths.CART_ENTRIES, { method: 'POST', body, ...(headers ? { headers } : {}) });
}

/** PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields. */
export function updateEntryAdditionalFields(
  ctx: HttpContext,
  entryId: string,
  body: { itemId: string; sku: string | null; additionalFields: string },
): Promise<{ shoppingCart: ShoppingCart; updatedEntry: unknown }> {
  return requestJson(ctx, ApiPaths.cartEntryAdditionalFields(entryId), { method: 'PUT', body });
}

/** POST /api/3/commerce/cart/subscription; resolves the cart token for the subscription page. */
export async function createSubscriptionCart(
  ctx: HttpContext,
  body: { itemId: string; sku: string | null; qty: number; additionalFields: string },
): Promise<string> {
  const res = await requestJson<{ cartToken: string }>(ctx, ApiPaths.SUBSCRIPTION_CART, { method: 'POST', body });
  return res.cartToken;
}

/** GET commerce/inventory/stock/ under the API root. */
export function fetchStock(ctx: HttpContext, itemId: string): Promise<{ results: Array<{ unlimited: boolean; qtyInStock: number }> }> {
  return requestJson(ctx, ApiPaths.STOCK, { query: { itemId } });
}
