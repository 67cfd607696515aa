/** Product types by their spec numbers. */
export const ProductType = Object.freeze({
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const);

/** A product type number (1-5). */
export type ProductType = (typeof ProductType)[keyof typeof ProductType];

const NAMES: Readonly<Record<ProductType, string>> = {
  1: 'physical',
  2: 'digital',
  3: 'service',
  4: 'gift card',
  5: 'paywall',
};

/** True when `n` is a known product type number. */
export function isProductType(n: unknown): n is ProductType {
  return typeof n === 'number' && Object.prototype.hasOwnProperty.call(NAMES, n);
}

/** Lower-case name of a product type ("gift card"); throws on an unknown number. */
export function productTypeName(type: number): string {
  if (!isProductType(type)) throw new RangeError(`Unknown product type: ${type}`);
  return NAMES[type];
}

/** Product types that may be sold as subscriptions: physical and service. */
export const SUBSCRIBABLE_PRODUCT_TYPES: ReadonlyArray<ProductType> = Object.freeze([ProductType.PHYSICAL, ProductType.SERVICE]);

/** True for physical and service products, the types that hold stock. */
export function isStockedType(type: number): boolean {
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE;
}
