import { describe, expect, it } from 'vitest';
import { amountLabel, blankRow, GIFT_CARD_OPTION, giftCardVariants, rowOf, variantInputOf, type VariantRow } from './product-model.js';

const saved = (id: string, sku: string, priceCents: number): VariantRow =>
  rowOf({
    id,
    sku,
    priceCents,
    salePriceCents: 0,
    onSale: false,
    optionValues: { Amount: `$${priceCents / 100}` },
    qtyInStock: 0,
    unlimited: true,
    weightGrams: 0,
    imageId: null,
  });

describe('gift card amounts as variants (issue 12)', () => {
  it('names amounts without empty cents', () => {
    expect(amountLabel(2500)).toBe('25');
    expect(amountLabel(1250)).toBe('12.50');
  });

  it('keeps the variant of an amount it already sells, and adds an unlimited variant per new amount', () => {
    const rows = [saved('v25', 'GIFT-25', 2500), saved('v50', 'GIFT-50', 5000), saved('v100', 'GIFT-100', 10000)];
    const made = giftCardVariants(['50.00', '25', '75.5'], rows, 'Gift Card');
    if ('errors' in made) throw new Error(JSON.stringify(made.errors));
    expect(made.option).toEqual({ name: GIFT_CARD_OPTION, values: ['50', '25', '75.50'] });
    expect(made.rows.map((r) => [r.id, r.sku, r.price, r.unlimited, r.optionValues])).toEqual([
      ['v50', 'GIFT-50', '50.00', true, { Amount: '50' }],
      ['v25', 'GIFT-25', '25.00', true, { Amount: '25' }],
      [undefined, 'GIFT-CARD-75-50', '75.50', true, { Amount: '75.50' }],
    ]);
    const input = variantInputOf(made.rows[2]!);
    expect('input' in input && input.input).toMatchObject({ priceCents: 7550, unlimited: true, qtyInStock: 0, optionValues: { Amount: '75.50' } });
  });

  it('names each bad amount: not money, zero, listed twice, none at all', () => {
    expect(giftCardVariants(['abc', '0', '10', '10.00'], [blankRow('X')], 'G')).toEqual({
      errors: {
        0: 'Enter an amount above zero, like 25 or 12.50.',
        1: 'Enter an amount above zero, like 25 or 12.50.',
        3: 'This amount is listed twice.',
      },
    });
    expect(giftCardVariants([], [], 'G')).toEqual({ errors: { 0: 'A gift card needs at least one amount.' } });
  });
});
