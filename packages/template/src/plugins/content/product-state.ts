import { ProductType } from './enums';
import { asNumber, getPath, getProp, isTruthy } from './values';

function productType(item: unknown): number {
  return asNumber(getPath(item, ['structuredContent', 'productType']));
}

function variantsOf(item: unknown): readonly unknown[] | undefined {
  const variants = getPath(item, ['structuredContent', 'variants']);
  return Array.isArray(variants) ? variants : undefined;
}

/** Whether a product is on sale: any variant on sale (physical, service) or the product itself (digital). */
export function isOnSale(item: unknown): boolean {
  switch (productType(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
      return (variantsOf(item) ?? []).some((variant) => isTruthy(getProp(variant, 'onSale')));
    case ProductType.DIGITAL:
      return isTruthy(getPath(item, ['structuredContent', 'onSale']));
    default:
      return false;
  }
}

/**
 * Whether a product is sold out: physical and service products when no variant is unlimited or
 * in stock; digital products and gift cards never; products of unknown type always.
 */
export function isSoldOut(item: unknown): boolean {
  switch (productType(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
      return !(variantsOf(item) ?? []).some(
        (variant) => isTruthy(getProp(variant, 'unlimited')) || asNumber(getProp(variant, 'qtyInStock')) > 0,
      );
    case ProductType.DIGITAL:
    case ProductType.GIFT_CARD:
      return false;
    default:
      return true;
  }
}
