import { describe, expect, it } from 'vitest';
import type { ProductContent } from './product.js';
import { QUANTITY_INPUT, parseQuantity, showsQuantityInput } from './quantity.js';

const product = (productType: 1 | 2 | 3 | 4 | 5, stock: number[], extra: Partial<ProductContent> = {}): ProductContent => ({
  productType,
  variants: stock.map((q, i) => ({ sku: `V${i}`, attributes: {}, qtyInStock: q, unlimited: q < 0 })),
  ...extra,
});

describe('quantity input visibility (spec section 5)', () => {
  it.each([
    ['physical with stock 5', product(1, [5]), {}, true],
    ['physical with stock split 1+1', product(1, [1, 1]), {}, true],
    ['physical with total stock 1', product(1, [1, 0]), {}, false],
    ['physical with stock 0', product(1, [0]), {}, false],
    ['physical unlimited', product(1, [-1]), {}, true],
    ['physical subscribable', product(1, [5], { isSubscribable: true }), {}, false],
    ['service, default setting', product(3, [5]), {}, true],
    ['service, multiple allowed', product(3, [5]), { multipleQuantityAllowedForServices: true }, true],
    ['service, multiple not allowed', product(3, [5]), { multipleQuantityAllowedForServices: false }, false],
    ['service subscribable', product(3, [5], { isSubscribable: true }), {}, false],
    ['digital', product(2, [-1]), {}, false],
    ['gift card', product(4, [-1]), {}, false],
    ['paywall', product(5, [-1]), {}, false],
  ] as const)('%s -> %s', (_name, p, settings, shown) => {
    expect(showsQuantityInput(p, settings)).toBe(shown);
  });

  it('has min 1, max 9999, step 1, default 1', () => {
    expect(QUANTITY_INPUT).toEqual({ min: 1, max: 9999, step: 1, defaultValue: 1 });
  });
});

describe('parseQuantity', () => {
  it.each([
    ['3', { ok: true, quantity: 3 }],
    [' 12 ', { ok: true, quantity: 12 }],
    ['0', { ok: true, quantity: 1 }],
    ['20000', { ok: true, quantity: 9999 }],
    ['2.0', { ok: true, quantity: 2 }],
    ['', { ok: false, message: 'Quantity must be a number.' }],
    ['abc', { ok: false, message: 'Quantity must be a number.' }],
    ['1e', { ok: false, message: 'Quantity must be a number.' }],
    ['2.5', { ok: false, message: 'Quantity must be a whole number' }],
  ] as const)('%j', (input, result) => {
    expect(parseQuantity(input)).toEqual(result);
  });
});
