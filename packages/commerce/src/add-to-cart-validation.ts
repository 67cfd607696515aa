import { AddToCartMessages, selectOptionsMessage } from './add-to-cart-messages.js';
import type { ProductContent, Variant } from './product.js';
import { ProductType, isStockedType } from './product-type.js';
import { parseQuantity } from './quantity.js';
import type { ChosenOptions } from './variant-selection.js';
import { findVariant, unselectedOptions, variantHasStock } from './variant-selection.js';

/** What the visitor picked before pressing the add button. */
export interface AddToCartSelection {
  readonly chosen: ChosenOptions;
  /** Raw value of the quantity input; 1 when the input is not shown. */
  readonly quantity?: string | number;
  /** Units of this variant already in the cart, counted against stock. */
  readonly alreadyInCart?: number;
}

/** Either the variant and quantity to add, or the message to show. */
export type AddToCartCheck = { ok: true; variant: Variant; quantity: number } | { ok: false; message: string };

/**
 * Client-side checks before an add-to-cart request, in the order the visitor meets them:
 * gift-card denomination, unselected options, unavailable variant, quantity, stock.
 */
export function validateAddToCart(product: ProductContent, selection: AddToCartSelection): AddToCartCheck {
  const missing = unselectedOptions(product, selection.chosen);
  if (product.productType === ProductType.GIFT_CARD && missing.length > 0) {
    return { ok: false, message: AddToCartMessages.GIFT_CARD_DENOMINATION };
  }
  if (missing.length > 0) return { ok: false, message: selectOptionsMessage(missing) };
  const variant = findVariant(product, selection.chosen);
  if (!variant) return { ok: false, message: AddToCartMessages.VARIANT_UNAVAILABLE };
  const parsed = parseQuantity(selection.quantity ?? 1);
  if (!parsed.ok) return parsed;
  const wanted = parsed.quantity + (selection.alreadyInCart ?? 0);
  if (isStockedType(product.productType) && !variantHasStock(variant, wanted)) {
    return { ok: false, message: AddToCartMessages.NOT_ENOUGH_STOCK };
  }
  return { ok: true, variant, quantity: parsed.quantity };
}
