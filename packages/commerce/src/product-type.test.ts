import { describe, expect, it } from 'vitest';
import { ProductType, SUBSCRIBABLE_PRODUCT_TYPES, isProductType, productTypeName } from './product-type.js';

describe('product types', () => {
  it.each([
    ['PHYSICAL', 1, 'physical'],
    ['DIGITAL', 2, 'digital'],
    ['SERVICE', 3, 'service'],
    ['GIFT_CARD', 4, 'gift card'],
    ['PAYWALL', 5, 'paywall'],
  ] as const)('%s is %i', (key, n, name) => {
    expect(ProductType[key]).toBe(n);
    expect(productTypeName(n)).toBe(name);
    expect(isProductType(n)).toBe(true);
  });

  it('rejects unknown numbers', () => {
    expect(isProductType(6)).toBe(false);
    expect(() => productTypeName(0)).toThrow('Unknown product type: 0');
  });

  it('only physical and service are subscribable', () => {
    expect(SUBSCRIBABLE_PRODUCT_TYPES).toEqual([1, 3]);
  });
});
