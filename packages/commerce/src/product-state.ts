import type { ProductContent } from './product.js';
import { ProductType, isStockedType } from './product-type.js';

/** The badge a product shows in lists: sold-out wins over sale. */
export type ProductBadge = 'sold-out' | 'sale' | 'none';

/**
 * Sold out: a physical or service product with no variant that is unlimited or has stock above 0.
 * Digital products, gift cards and paywalls are never sold out.
 */
export function isSoldOut(product: ProductContent): boolean {
  if (!isStockedType(product.productType)) return false;
  return !product.variants.some((v) => v.unlimited || v.qtyInStock > 0);
}

/**
 * On sale: physical or service with any variant on sale; digital uses its own `onSale`;
 * gift cards (and paywalls) never.
 */
export function isOnSale(product: ProductContent): boolean {
  if (isStockedType(product.productType)) return product.variants.some((v) => v.onSale === true);
  if (product.productType === ProductType.DIGITAL) return product.onSale === true;
  return false;
}

/** Badge priority: sold-out, then sale, else none. */
export function productBadge(product: ProductContent): ProductBadge {
  if (isSoldOut(product)) return 'sold-out';
  if (isOnSale(product)) return 'sale';
  return 'none';
}

/** Sum of stock over all variants; Infinity when any variant is unlimited. */
export function totalStock(product: ProductContent): number {
  let total = 0;
  for (const v of product.variants) {
    if (v.unlimited) return Infinity;
    total += Math.max(0, v.qtyInStock);
  }
  return total;
}
