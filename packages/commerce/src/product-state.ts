import type { ProductContent } from './product.js';
import { ProductType, isProductType, isStockedType } from './product-type.js';

/** The badge a product shows in lists: sold-out wins over sale. */
export type ProductBadge = 'sold-out' | 'sale' | 'none';

/**
 * What the derived product states read: the type number, each variant's stock and sale flag,
 * and the product-level sale flag. A {@link ProductContent} is one; the template engine builds
 * one from a product item's JSON.
 */
export interface ProductStateInput {
  readonly productType: number;
  readonly variants: ReadonlyArray<{ readonly unlimited?: boolean; readonly qtyInStock?: number; readonly onSale?: boolean }>;
  readonly onSale?: boolean;
}

/**
 * Sold out (spec 4): a physical or service product with no variant that is unlimited or has stock
 * above 0. Digital products, gift cards and paywalls are never sold out; a product of an unknown
 * type cannot be bought and counts as sold out.
 */
export function isSoldOut(product: ProductStateInput): boolean {
  if (isStockedType(product.productType)) return !product.variants.some((v) => v.unlimited === true || (v.qtyInStock ?? 0) > 0);
  return !isProductType(product.productType);
}

/**
 * On sale (spec 4): physical or service with any variant on sale; digital uses its own `onSale`;
 * gift cards, paywalls and unknown types never.
 */
export function isOnSale(product: ProductStateInput): boolean {
  if (isStockedType(product.productType)) return product.variants.some((v) => v.onSale === true);
  if (product.productType === ProductType.DIGITAL) return product.onSale === true;
  return false;
}

/** The last fallback of the sold-out text (spec 8). */
export const DEFAULT_SOLD_OUT_TEXT = 'sold out';

/** The sold-out text (spec 8): the product's custom text, then the localized text, then 'sold out'. */
export function soldOutText(custom?: string | null, localized?: string | null): string {
  return custom?.trim() || localized?.trim() || DEFAULT_SOLD_OUT_TEXT;
}

/** Badge priority (spec 4): sold-out, then sale, else none. */
export function productBadge(product: ProductStateInput): ProductBadge {
  if (isSoldOut(product)) return 'sold-out';
  if (isOnSale(product)) return 'sale';
  return 'none';
}

/** Sum of stock over all variants (negative counts as 0); Infinity when any variant is unlimited. */
export function totalStock(product: Pick<ProductStateInput, 'variants'>): number {
  let total = 0;
  for (const v of product.variants) {
    if (v.unlimited === true) return Infinity;
    total += Math.max(0, v.qtyInStock ?? 0);
  }
  return total;
}
