import { describe, expect, it } from 'vitest';
import { testCart, testLine } from '../api/test-cart.js';
import { cartLineViews, cartSummaryView, variantText } from './cart-page-model.js';

describe('cartLineViews', () => {
  it('formats unit price and line total and names the variant in option order', () => {
    const line = testLine('a', 3, 1250, {
      assetUrl: '/img/a.jpg',
      fullUrl: '/shop/a',
      chosenVariant: {
        sku: 'A',
        attributes: { Size: 'M', Colour: 'Oat' },
        optionValues: [
          { optionName: 'Colour', value: 'Oat' },
          { optionName: 'Size', value: 'M' },
        ],
      },
    });
    const [view] = cartLineViews(testCart([line]), 'USD');
    expect(view).toEqual({
      id: 'a',
      itemId: 'item-a',
      title: 'Product a',
      variantText: 'Colour: Oat, Size: M',
      imageUrl: '/img/a.jpg',
      imageSrcset: '',
      url: '/shop/a',
      quantity: 3,
      unitPrice: '$12.50',
      lineTotal: '$37.50',
    });
  });

  it('falls back to attributes, computes a missing line total and uses the cart currency', () => {
    const line = testLine('b', 2, 500, { subTotal: undefined, chosenVariant: { sku: 'B', attributes: { Size: 'L' } } });
    const [view] = cartLineViews(testCart([line], { currency: 'JPY', subtotalAmount: undefined }), 'USD');
    expect(view.variantText).toBe('Size: L');
    expect(view.lineTotal).toBe('¥1,000');
  });

  it('is empty without a cart', () => {
    expect(cartLineViews(null, 'USD')).toEqual([]);
    expect(variantText(testLine('c', 1, 1, { chosenVariant: undefined }))).toBe('');
  });
});

describe('cartSummaryView', () => {
  it("says 'You have nothing in your shopping cart.' for an empty cart and blocks checkout", () => {
    const view = cartSummaryView(testCart([]), 'USD', 5000);
    expect(view).toMatchObject({
      empty: true,
      emptyMessage: 'You have nothing in your shopping cart.',
      minimumMessage: null,
      canCheckout: false,
      payLaterEligible: false,
    });
  });

  it.each([
    [4999, 'To check out, your order subtotal must be $50.00 or more.', false],
    [5000, null, true],
    [7000, null, true],
  ])('subtotal %i against a $50 minimum', (cents, message, canCheckout) => {
    const view = cartSummaryView(testCart([testLine('a', 1, cents)]), 'USD', 5000);
    expect(view.minimumMessage).toBe(message);
    expect(view.canCheckout).toBe(canCheckout);
    expect(view.subtotal).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100));
  });

  it('has no minimum when none is set', () => {
    expect(cartSummaryView(testCart([testLine('a', 1, 1)]), 'USD').canCheckout).toBe(true);
  });

  it.each([
    ['all physical', [1, 1], true],
    ['one digital', [1, 2], false],
    ['a service', [3], false],
    ['a gift card', [1, 4], false],
  ])('pay later for the whole cart: %s', (_name, types, eligible) => {
    const entries = types.map((t, i) => testLine(String(i), 1, 1000, { productType: t as 1 }));
    expect(cartSummaryView(testCart(entries), 'USD').payLaterEligible).toBe(eligible);
  });
});
