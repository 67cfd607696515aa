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
