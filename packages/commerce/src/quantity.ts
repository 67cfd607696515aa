import { AddToCartMessages } from './add-to-cart-messages.js';
import type { ProductContent, StoreSettings } from './product.js';
import { totalStock, type ProductStateInput } from './product-state.js';
import { ProductType } from './product-type.js';

/** Attributes of the quantity input. */
export const QUANTITY_INPUT = Object.freeze({ min: 1, max: 9999, step: 1, defaultValue: 1 });

/** What the quantity input rule reads; a {@link ProductContent} is one. */
export interface QuantityInputProduct extends ProductStateInput {
  readonly isSubscribable?: boolean;
}

/**
 * The quantity input shows for physical products, or services when multiple quantity is allowed
 * (default allowed); never for subscribable products; and not when total stock is 1 or less.
 */
export function showsQuantityInput(product: QuantityInputProduct, settings: StoreSettings = {}): boolean {
  if (product.isSubscribable) return false;
  const allowedType =
    product.productType === ProductType.PHYSICAL || (product.productType === ProductType.SERVICE && settings.multipleQuantityAllowedForServices !== false);
  if (!allowedType) return false;
  return totalStock(product) > 1;
}

/** Result of reading the quantity input. */
export type QuantityResult = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * Reads the quantity the visitor typed: not a number gives 'Quantity must be a number.', a fraction
 * gives 'Quantity must be a whole number'; whole numbers are clamped to 1-9999.
 */
export function parseQuantity(input: string | number): QuantityResult {
  const text = String(input).trim();
  if (text === '' || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) {
    return { ok: false, message: AddToCartMessages.QUANTITY_NOT_NUMBER };
  }
  const n = Number(text);
  if (!Number.isInteger(n)) return { ok: false, message: AddToCartMessages.QUANTITY_NOT_WHOLE };
  return { ok: true, quantity: Math.min(QUANTITY_INPUT.max, Math.max(QUANTITY_INPUT.min, n)) };
}
