import { AddToCartMessages, ProductType, selectOptionsMessage, unselectedOptions } from '@emporium/commerce';
import { AppError } from '../errors/index.js';
import { toProductContent, type CatalogProduct, type CatalogVariant } from './catalog.js';

/**
 * The variant a request names: by sku, or the only variant when none is named. A gift card
 * without a sku asks for a denomination; other products list the options still to select;
 * an unknown sku is 'Sorry, that item variant is unavailable. Please select another variant.'
 */
export function chooseVariant(product: CatalogProduct, sku: string | null): CatalogVariant {
  if (sku !== null) {
    const variant = product.variants.find((v) => v.sku === sku);
    if (!variant) throw new AppError('VALIDATION_FAILED', AddToCartMessages.VARIANT_UNAVAILABLE);
    return variant;
  }
  if (product.variants.length === 1) return product.variants[0]!;
  if (product.productType === ProductType.GIFT_CARD) throw new AppError('VALIDATION_FAILED', AddToCartMessages.GIFT_CARD_DENOMINATION);
  const missing = unselectedOptions(toProductContent(product), {});
  if (missing.length > 0) throw new AppError('VALIDATION_FAILED', selectOptionsMessage(missing));
  throw new AppError('VALIDATION_FAILED', AddToCartMessages.VARIANT_UNAVAILABLE);
}
