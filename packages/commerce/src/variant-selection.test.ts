import { describe, expect, it } from 'vitest';
import { AddToCartMessages, selectOptionsMessage } from './add-to-cart-messages.js';
import { validateAddToCart } from './add-to-cart-validation.js';
import type { ProductContent } from './product.js';
import { findVariant, optionValueState, productOptions, unselectedOptions } from './variant-selection.js';

const shirt: ProductContent = {
  productType: 1,
  variantOptionOrdering: ['Size', 'Color'],
  variants: [
    { sku: 'S-RED', attributes: { Color: 'Red', Size: 'S' }, qtyInStock: 2, unlimited: false },
    { sku: 'M-RED', attributes: { Color: 'Red', Size: 'M' }, qtyInStock: 0, unlimited: false },
    { sku: 'S-BLUE', attributes: { Color: 'Blue', Size: 'S' }, qtyInStock: 0, unlimited: true },
  ],
};
const threeOptions: ProductContent = {
  productType: 1,
  variants: [{ sku: 'X', attributes: { Size: 'S', Color: 'Red', Fit: 'Slim' }, qtyInStock: 1, unlimited: false }],
};
const giftCard: ProductContent = {
  productType: 4,
  variants: [
    { sku: 'G25', attributes: { Amount: '25' }, qtyInStock: 0, unlimited: false },
    { sku: 'G50', attributes: { Amount: '50' }, qtyInStock: 0, unlimited: false },
  ],
};

describe('selectOptionsMessage (spec section 5)', () => {
  it.each([
    [['Size'], 'Please select the Size option.'],
    [['Size', 'Color'], 'Please select the Size and Color options.'],
    [['Size', 'Color', 'Fit'], 'Please select the Size, Color and Fit options.'],
  ])('%j', (options, text) => {
    expect(selectOptionsMessage(options)).toBe(text);
  });

  it('needs at least one option', () => {
    expect(() => selectOptionsMessage([])).toThrow(RangeError);
  });
});

describe('variant selection', () => {
  it('orders options by variantOptionOrdering', () => {
    expect(productOptions(shirt)).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
  });

  it('finds the variant for a full choice only', () => {
    expect(findVariant(shirt, { Size: 'S', Color: 'Blue' })?.sku).toBe('S-BLUE');
    expect(findVariant(shirt, { Size: 'M', Color: 'Blue' })).toBeUndefined();
    expect(findVariant(shirt, { Size: 'S' })).toBeUndefined();
    expect(unselectedOptions(shirt, { Size: 'S', Color: '' })).toEqual(['Color']);
  });

  it('resolves an option-less single variant', () => {
    expect(findVariant({ productType: 2, variants: [{ sku: 'D', attributes: {}, qtyInStock: 0, unlimited: true }] }, {})?.sku).toBe('D');
  });

  it.each([
    [{ Size: 'M' }, 'Color', 'Red', 'sold-out'],
    [{ Size: 'M' }, 'Color', 'Blue', 'nonexistent'],
    [{ Size: 'S' }, 'Color', 'Blue', 'available'],
    [{}, 'Size', 'M', 'sold-out'],
    [{ Color: 'Red' }, 'Size', 'S', 'available'],
  ] as const)('with %j, %s=%s is %s', (chosen, option, value, state) => {
    expect(optionValueState(shirt, chosen, option, value)).toBe(state);
  });
});

describe('validateAddToCart (spec section 5 messages)', () => {
  it.each([
    ['one option missing', shirt, { chosen: { Size: 'S' } }, 'Please select the Color option.'],
    ['two options missing', shirt, { chosen: {} }, 'Please select the Size and Color options.'],
    ['three options missing', threeOptions, { chosen: {} }, 'Please select the Size, Color and Fit options.'],
    ['no such variant', shirt, { chosen: { Size: 'M', Color: 'Blue' } }, AddToCartMessages.VARIANT_UNAVAILABLE],
    ['out of stock', shirt, { chosen: { Size: 'M', Color: 'Red' } }, AddToCartMessages.NOT_ENOUGH_STOCK],
    ['more than stock', shirt, { chosen: { Size: 'S', Color: 'Red' }, quantity: '3' }, AddToCartMessages.NOT_ENOUGH_STOCK],
    ['stock taken by cart', shirt, { chosen: { Size: 'S', Color: 'Red' }, quantity: 1, alreadyInCart: 2 }, AddToCartMessages.NOT_ENOUGH_STOCK],
    ['quantity not a number', shirt, { chosen: { Size: 'S', Color: 'Red' }, quantity: 'two' }, 'Quantity must be a number.'],
    ['quantity not whole', shirt, { chosen: { Size: 'S', Color: 'Red' }, quantity: '1.5' }, 'Quantity must be a whole number'],
    ['gift card without denomination', giftCard, { chosen: {} }, 'Select a denomination for the Gift Card'],
  ] as const)('%s', (_name, product, selection, message) => {
    expect(validateAddToCart(product, selection)).toEqual({ ok: false, message });
  });

  it('accepts a valid choice', () => {
    const res = validateAddToCart(shirt, { chosen: { Size: 'S', Color: 'Red' }, quantity: '2' });
    expect(res).toMatchObject({ ok: true, quantity: 2, variant: { sku: 'S-RED' } });
  });

  it('accepts unlimited stock and gift cards without stock', () => {
    expect(validateAddToCart(shirt, { chosen: { Size: 'S', Color: 'Blue' }, quantity: 500 }).ok).toBe(true);
    expect(validateAddToCart(giftCard, { chosen: { Amount: '50' } }).ok).toBe(true);
  });
});
