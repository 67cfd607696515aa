import { describe, expect, it } from 'vitest';
import { testCart, testLine } from '../api/test-cart.js';
import { withPageLineFields } from './use-full-cart.js';

describe('withPageLineFields', () => {
  const pageLine = testLine('e1', 1, 1000, {
    assetUrl: '/img/1.jpg',
    fullUrl: '/shop/one',
    chosenVariant: {
      sku: 'S',
      attributes: { Size: 'M', Colour: 'Oat' },
      optionValues: [
        { optionName: 'Colour', value: 'Oat' },
        { optionName: 'Size', value: 'M' },
      ],
    },
  });
  const pageCart = testCart([pageLine]);

  it('keeps image, URL and option order from the page cart after an API update', () => {
    const apiCart = testCart([testLine('e1', 3, 1000, { chosenVariant: { sku: 'S', attributes: { Size: 'M', Colour: 'Oat' } } })]);
    const merged = withPageLineFields(apiCart, pageCart);
    expect(merged.entries[0]).toMatchObject({
      quantity: 3,
      assetUrl: '/img/1.jpg',
      fullUrl: '/shop/one',
      chosenVariant: { optionValues: pageLine.chosenVariant!.optionValues },
    });
  });

  it('keeps the srcset of an uploaded product image after an API update (the API sends none)', () => {
    const srcset = '/api/media/s1/0123456789abcdef0123456789abcdef-100.webp 100w, /api/media/s1/0123456789abcdef0123456789abcdef-300.webp 300w';
    const uploaded = testCart([testLine('e1', 1, 1000, { assetUrl: '/api/media/s1/0123456789abcdef0123456789abcdef-300.jpg', srcset })]);
    const merged = withPageLineFields(testCart([testLine('e1', 2, 1000)]), uploaded);
    expect(merged.entries[0]).toMatchObject({ quantity: 2, srcset });
  });

  it('matches a new entry of a known item by item id but keeps its own variant', () => {
    const apiCart = testCart([testLine('e2', 1, 1000, { itemId: 'item-e1', chosenVariant: { sku: 'L', attributes: { Size: 'L', Colour: 'Oat' } } })]);
    const [line] = withPageLineFields(apiCart, pageCart).entries;
    expect(line.assetUrl).toBe('/img/1.jpg');
    expect(line.chosenVariant?.optionValues).toBeUndefined();
  });

  it('returns the cart unchanged without a page cart', () => {
    const apiCart = testCart([testLine('x', 1, 1)]);
    expect(withPageLineFields(apiCart, null)).toBe(apiCart);
  });
});
