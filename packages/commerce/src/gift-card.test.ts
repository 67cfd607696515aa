import { describe, expect, it } from 'vitest';
import { giftCardDenominations } from './gift-card.js';

describe('giftCardDenominations', () => {
  it('lists variant prices lowest first', () => {
    const card = {
      productType: 4 as const,
      variants: [
        { sku: 'G50', attributes: { Amount: '50' }, qtyInStock: 0, unlimited: true, priceMoney: { decimalValue: '50.00', currencyCode: 'USD' } },
        { sku: 'G25', attributes: { Amount: '25' }, qtyInStock: 0, unlimited: true, priceMoney: { value: 2500, currency: 'USD' } },
      ],
    };
    expect(giftCardDenominations(card).map((d) => [d.sku, d.amount.value])).toEqual([
      ['G25', 2500],
      ['G50', 5000],
    ]);
  });

  it('refuses other product types', () => {
    expect(() => giftCardDenominations({ productType: 1, variants: [] })).toThrow('Not a gift card');
  });
});
