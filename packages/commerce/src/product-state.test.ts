import { describe, expect, it } from 'vitest';
import type { ProductContent, Variant } from './product.js';
import { isOnSale, isSoldOut, productBadge, soldOutText, totalStock } from './product-state.js';
import { ProductType } from './product-type.js';

const v = (qtyInStock: number, unlimited = false, onSale = false): Variant => ({ sku: `S${qtyInStock}`, attributes: {}, qtyInStock, unlimited, onSale });
const p = (productType: ProductType, variants: Variant[], onSale?: boolean): ProductContent => ({ productType, variants, onSale });

describe('derived product states (spec section 4)', () => {
  it.each([
    ['physical, all stock 0', p(1, [v(0), v(0)]), true, false, 'sold-out'],
    ['physical, one in stock', p(1, [v(0), v(2)]), false, false, 'none'],
    ['physical, unlimited', p(1, [v(0, true)]), false, false, 'none'],
    ['physical, no variants', p(1, []), true, false, 'sold-out'],
    ['physical, variant on sale', p(1, [v(3, false, true)]), false, true, 'sale'],
    ['physical, sold out and on sale', p(1, [v(0, false, true)]), true, true, 'sold-out'],
    ['service, stock 0', p(3, [v(0)]), true, false, 'sold-out'],
    ['service, on sale', p(3, [v(1, false, true)]), false, true, 'sale'],
    ['digital, stock 0, own onSale', p(2, [v(0)], true), false, true, 'sale'],
    ['digital, variant on sale ignored', p(2, [v(0, false, true)], false), false, false, 'none'],
    ['gift card, stock 0, onSale', p(4, [v(0, false, true)], true), false, false, 'none'],
    ['paywall', p(5, [v(0)], true), false, false, 'none'],
  ] as const)('%s', (_name, product, soldOut, onSale, badge) => {
    expect(isSoldOut(product)).toBe(soldOut);
    expect(isOnSale(product)).toBe(onSale);
    expect(productBadge(product)).toBe(badge);
  });

  it('counts a product of unknown type as sold out, never on sale', () => {
    const unknown = { productType: 6, variants: [v(3, true, true)], onSale: true };
    expect(isSoldOut(unknown)).toBe(true);
    expect(isOnSale(unknown)).toBe(false);
    expect(productBadge(unknown)).toBe('sold-out');
  });

  it('sums stock and treats unlimited as infinite', () => {
    expect(totalStock(p(ProductType.PHYSICAL, [v(2), v(3)]))).toBe(5);
    expect(totalStock(p(ProductType.PHYSICAL, [v(2), v(0, true)]))).toBe(Infinity);
    expect(totalStock({ variants: [{ qtyInStock: 5 }, { qtyInStock: -4 }, {}] })).toBe(5);
  });
});

describe('soldOutText (spec 8)', () => {
  it.each([
    ['Kiln reloading', 'Épuisé', 'Kiln reloading'],
    ['  ', 'Épuisé', 'Épuisé'],
    [undefined, undefined, 'sold out'],
    ['', null, 'sold out'],
  ])('custom %j, localized %j: %j', (custom, localized, expected) => {
    expect(soldOutText(custom, localized)).toBe(expected);
  });
});
