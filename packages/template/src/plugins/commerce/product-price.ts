import type { Formatter, PluginContext } from '../../plugin-api';
import { formatMessage } from './message';
import type { Money } from './money';
import { formatMoneyForDisplay } from './money-format';
import { renderPriceBlock, type PriceLines } from './price-block';
import { fromPrice, normalPrice, salePrice } from './product-prices';
import { hasVariedPrices, isOnSale, isSubscribable } from './product-state';
import { ProductType, productTypeOf, variantsOf } from './product-type';
import {
  defaultPlanPriceText,
  planDuration,
  planPriceTextKey,
  subscriptionPlanOf,
} from './subscription-plan';
import { get, isObject, textOr } from './values';

/** Default "from" text for products whose variants differ in price. */
export const DEFAULT_FROM_TEXT = 'from {fromPrice}';
/** Shown for a subscription product without a usable billing period. */
export const DEFAULT_UNAVAILABLE_TEXT = 'Unavailable';

function localized(ctx: PluginContext, key: string): string {
  return textOr(ctx.resolve(['localizedStrings', key]), '');
}

function oneTimeLines(item: unknown, args: readonly string[], ctx: PluginContext): PriceLines {
  const money = (m: Money) => formatMoneyForDisplay(m, args, ctx);
  let from: string | undefined;
  if (hasVariedPrices(item)) {
    const price = money(fromPrice(item));
    const pattern = localized(ctx, 'productPriceFromText') || DEFAULT_FROM_TEXT;
    if (price) from = formatMessage(pattern, { fromPrice: price, price }, ctx);
  }
  return { from, sale: isOnSale(item) ? money(salePrice(item)) : undefined, normal: money(normalPrice(item)) };
}

function subscriptionLines(item: unknown, args: readonly string[], ctx: PluginContext): PriceLines {
  const plan = subscriptionPlanOf(item);
  if (!plan) return { from: localized(ctx, 'productPriceUnavailable') || DEFAULT_UNAVAILABLE_TEXT };
  const multiple = hasVariedPrices(item);
  const pattern = localized(ctx, planPriceTextKey(plan, multiple)) || defaultPlanPriceText(plan, multiple);
  const base = { billingPeriodValue: plan.periodValue, duration: planDuration(plan).value };
  const text = (m: Money) => {
    const price = formatMoneyForDisplay(m, args, ctx);
    return price ? formatMessage(pattern, { ...base, fromPrice: price, price }, ctx) : '';
  };
  return {
    from: multiple ? text(fromPrice(item)) : undefined,
    sale: isOnSale(item) ? text(salePrice(item)) : undefined,
    normal: text(normalPrice(item)),
  };
}

/**
 * A product whose variants carry no `priceMoney` has no price we can show: rendering
 * "0.00" would be wrong, so the block is left out (corpus case i18n/f-foo).
 */
function hasKnownPrice(item: unknown): boolean {
  const type = productTypeOf(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return true;
  const variants = variantsOf(item);
  return variants.length === 0 || variants.some((v) => isObject(get(v, 'priceMoney')));
}

/**
 * `product-price`: the price block of a product. One-time products show "from" the lowest
 * price when variants differ, else sale and original price, else the price. Subscription
 * products use the plan's price text (`{price} every 2 weeks for 12 weeks`), localizable by
 * plan shape, or 'Unavailable' without a usable billing period.
 */
export const productPriceFormatter: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const item = first.value;
    if (!hasKnownPrice(item)) {
      first.set('');
      return;
    }
    let lines: PriceLines = {};
    if (isSubscribable(item)) lines = subscriptionLines(item, args, ctx);
    else if (productTypeOf(item) !== ProductType.UNDEFINED) lines = oneTimeLines(item, args, ctx);
    first.set(renderPriceBlock('product-price', lines, ctx));
  },
};
