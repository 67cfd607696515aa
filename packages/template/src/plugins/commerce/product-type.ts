import { isProductType, ProductType, type ProductStateInput } from '@emporium/commerce';
import { asNumber, get, getPath, isTruthy } from './values.js';

export { ProductType };

/** The raw product type number of an item (`structuredContent.productType`, number or numeric string). */
function productTypeCode(item: unknown): number {
  return asNumber(getPath(item, ['structuredContent', 'productType']));
}

/** The product type of an item, or undefined when it is not one of the known types. */
export function productTypeOf(item: unknown): ProductType | undefined {
  const code = productTypeCode(item);
  return isProductType(code) ? code : undefined;
}

/** The item's variants (`structuredContent.variants`), or an empty list. */
export function variantsOf(item: unknown): readonly unknown[] {
  const variants = getPath(item, ['structuredContent', 'variants']);
  return Array.isArray(variants) ? variants : [];
}

const finiteOrZero = (n: number): number => (Number.isFinite(n) ? n : 0);

/**
 * A product item's JSON read as the input of the commerce product states, with the template
 * language's rules: section truthiness for flags, numeric strings for numbers (unreadable stock is 0).
 */
export function productStateInput(item: unknown): ProductStateInput {
  return {
    productType: productTypeCode(item),
    variants: variantsOf(item).map((v) => ({
      unlimited: isTruthy(get(v, 'unlimited')),
      qtyInStock: finiteOrZero(asNumber(get(v, 'qtyInStock'))),
      onSale: isTruthy(get(v, 'onSale')),
    })),
    onSale: isTruthy(getPath(item, ['structuredContent', 'onSale'])),
  };
}
