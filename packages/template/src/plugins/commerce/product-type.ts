import { asNumber, getPath } from './values';

/** Product types (spec section 3, enumerations). */
export const ProductType = {
  UNDEFINED: -1,
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
} as const;

export type ProductType = (typeof ProductType)[keyof typeof ProductType];

const KNOWN: ReadonlySet<number> = new Set([1, 2, 3, 4]);

/** The product type of an item (`structuredContent.productType`, number or numeric string). */
export function productTypeOf(item: unknown): ProductType {
  const code = asNumber(getPath(item, ['structuredContent', 'productType']));
  return KNOWN.has(code) ? (code as ProductType) : ProductType.UNDEFINED;
}

/** The item's variants (`structuredContent.variants`), or an empty list. */
export function variantsOf(item: unknown): readonly unknown[] {
  const variants = getPath(item, ['structuredContent', 'variants']);
  return Array.isArray(variants) ? variants : [];
}
