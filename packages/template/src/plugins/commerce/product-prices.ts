import { compareMoney, type Money, moneyFromNode, ZERO_MONEY } from './money.js';
import { ProductType, productTypeOf, variantsOf } from './product-type.js';
import { get, getPath, isTruthy } from './values.js';

/** The price a variant (or pricing option) sells at now: its sale price when on sale. */
export function currentPrice(variant: unknown): Money {
  return moneyFromNode(get(variant, isTruthy(get(variant, 'onSale')) ? 'salePriceMoney' : 'priceMoney'));
}

function lowestBy(items: readonly unknown[], price: (item: unknown) => Money): unknown {
  let best: unknown;
  let bestPrice: Money | undefined;
  for (const item of items) {
    const p = price(item);
    if (bestPrice === undefined || compareMoney(p, bestPrice) < 0) {
      best = item;
      bestPrice = p;
    }
  }
  return best;
}

/** A variant's sale price. */
function salePriceOf(variant: unknown): Money {
  return moneyFromNode(get(variant, 'salePriceMoney'));
}

function digitalPrice(item: unknown, key: 'priceMoney' | 'salePriceMoney'): Money {
  return moneyFromNode(getPath(item, ['structuredContent', key]));
}

/** The lowest current price among variants ("from" price); digital goods use their own price. */
export function fromPrice(item: unknown): Money {
  switch (productTypeOf(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
    case ProductType.GIFT_CARD: {
      const variants = variantsOf(item);
      return variants.length === 0 ? ZERO_MONEY : currentPrice(lowestBy(variants, currentPrice));
    }
    case ProductType.DIGITAL:
      return digitalPrice(item, 'priceMoney');
    default:
      return ZERO_MONEY;
  }
}

/** The highest regular price among variants; digital goods use their own price. */
export function normalPrice(item: unknown): Money {
  switch (productTypeOf(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
    case ProductType.GIFT_CARD: {
      let best: Money | undefined;
      for (const variant of variantsOf(item)) {
        const p = moneyFromNode(get(variant, 'priceMoney'));
        if (best === undefined || compareMoney(p, best) > 0) best = p;
      }
      return best ?? ZERO_MONEY;
    }
    case ProductType.DIGITAL:
      return digitalPrice(item, 'priceMoney');
    default:
      return ZERO_MONEY;
  }
}

/** The lowest sale price among variants on sale; digital goods use their own sale price. */
export function salePrice(item: unknown): Money {
  switch (productTypeOf(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE: {
      const onSale = variantsOf(item).filter((v) => isTruthy(get(v, 'onSale')));
      return onSale.length === 0 ? ZERO_MONEY : salePriceOf(lowestBy(onSale, salePriceOf));
    }
    case ProductType.DIGITAL:
      return digitalPrice(item, 'salePriceMoney');
    default:
      return ZERO_MONEY;
  }
}

/**
 * The subscription pricing options of the variant with the lowest current price
 * (physical and service products only); empty when there are none.
 */
export function pricingOptionsOfLowestVariant(item: unknown): readonly unknown[] {
  const type = productTypeOf(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return [];
  const options = get(lowestBy(variantsOf(item), currentPrice), 'pricingOptions');
  return Array.isArray(options) ? options : [];
}
