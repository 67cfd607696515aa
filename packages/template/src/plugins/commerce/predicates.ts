import type { Predicate } from '../../plugin-api.js';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from './product-state.js';

function onNode(test: (item: unknown) => boolean): Predicate {
  return { apply: (_args, ctx) => test(ctx.node()) };
}

/** `has-variants?`: the product has more than one variant (never for digital goods). */
export const hasVariantsPredicate = onNode(hasVariants);
/** `on-sale?`: the product is on sale (spec section 4). */
export const onSalePredicate = onNode(isOnSale);
/** `sold-out?`: the product is sold out (spec section 4). */
export const soldOutPredicate = onNode(isSoldOut);
/** `varied-prices?`: the product's variants differ in price or sale state. */
export const variedPricesPredicate = onNode(hasVariedPrices);
