import type { Money } from './money.js';
import { toMoney } from './money.js';
import type { ProductContent } from './product.js';
import { ProductType } from './product-type.js';

/** A gift card amount the visitor can pick, backed by one variant. */
export interface Denomination {
  readonly sku: string;
  readonly amount: Money;
}

/** The denominations of a gift card product, lowest first; throws for other product types. */
export function giftCardDenominations(product: ProductContent): Denomination[] {
  if (product.productType !== ProductType.GIFT_CARD) throw new TypeError('Not a gift card product');
  return product.variants
    .filter((v) => v.priceMoney)
    .map((v) => ({ sku: v.sku, amount: toMoney(v.priceMoney!) }))
    .sort((a, b) => a.amount.value - b.amount.value);
}
