import {
  isOnSale as onSaleRule,
  isSoldOut as soldOutRule,
  productBadge as badgeRule,
  showsQuantityInput as quantityInputRule,
  type ProductBadge,
} from '@emporium/commerce';
import { ProductType, productStateInput, productTypeOf, variantsOf } from './product-type.js';
import { asBoolean, asNumber, deepEqual, get, getPath, isObject, isTruthy } from './values.js';

/** Stock treated as unlimited (digital goods, gift cards, unlimited variants). */
export const UNLIMITED_STOCK = Number.MAX_SAFE_INTEGER;

/** More than one variant, and not a digital product. */
export function hasVariants(item: unknown): boolean {
  if (productTypeOf(item) === ProductType.DIGITAL) return false;
  return variantsOf(item).length > 1;
}

/** Sold out (spec section 4), by the commerce rule; an item of unknown product type counts as sold out. */
export function isSoldOut(item: unknown): boolean {
  return soldOutRule(productStateInput(item));
}

/** On sale (spec section 4), by the commerce rule. */
export function isOnSale(item: unknown): boolean {
  return onSaleRule(productStateInput(item));
}

/** The badge of a product (spec section 4), by the commerce rule: sold-out, then sale, else none. */
export function productBadge(item: unknown): ProductBadge {
  return badgeRule(productStateInput(item));
}

/**
 * Whether variants differ in price: any variant whose sale flag, sale price (when the
 * first is on sale) or price differs from the first variant's.
 */
export function hasVariedPrices(item: unknown): boolean {
  switch (productTypeOf(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
    case ProductType.GIFT_CARD: {
      const [first, ...rest] = variantsOf(item);
      if (first === undefined) return false;
      const onSale = get(first, 'onSale');
      return rest.some(
        (v) =>
          !deepEqual(get(v, 'onSale'), onSale) ||
          (isTruthy(onSale) && !deepEqual(get(v, 'salePrice'), get(first, 'salePrice'))) ||
          !deepEqual(get(v, 'price'), get(first, 'price')),
      );
    }
    default:
      return false;
  }
}

/** `structuredContent.isSubscribable` read as a JSON boolean. */
export function isSubscribable(item: unknown): boolean {
  return asBoolean(getPath(item, ['structuredContent', 'isSubscribable']));
}

/** Total stock over all variants; `UNLIMITED_STOCK` for digital, gift cards or any unlimited variant. */
export function totalStockRemaining(item: unknown): number {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return UNLIMITED_STOCK;
  let total = 0;
  for (const variant of variantsOf(item)) {
    if (isTruthy(get(variant, 'unlimited'))) return UNLIMITED_STOCK;
    const qty = asNumber(get(variant, 'qtyInStock'));
    if (Number.isFinite(qty)) total += qty;
  }
  return total;
}

/** `storeSettings.multipleQuantityAllowedForServices` of the website settings; allowed by default. */
export function isMultipleQuantityAllowedForServices(websiteSettings: unknown): boolean {
  const storeSettings = get(websiteSettings, 'storeSettings');
  if (!isObject(storeSettings)) return true;
  const value = get(storeSettings, 'multipleQuantityAllowedForServices');
  return value === undefined || value === null ? true : asBoolean(value);
}

/**
 * Spec section 5, by the commerce rule: the quantity input shows for physical products, or
 * services when multiple quantity is allowed, never for subscribable products, and only when
 * more than one unit is in stock.
 */
export function showsQuantityInput(item: unknown, websiteSettings: unknown): boolean {
  return quantityInputRule(
    { ...productStateInput(item), isSubscribable: isSubscribable(item) },
    { multipleQuantityAllowedForServices: isMultipleQuantityAllowedForServices(websiteSettings) },
  );
}
