import type { Formatter, PluginContext } from '../../plugin-api.js';
import { formatMessage } from './message.js';
import type { Money } from './money.js';
import { formatMoneyForDisplay } from './money-format.js';
import { renderPriceBlock, type PriceLines } from './price-block.js';
import { fromPrice, normalPrice, salePrice } from './product-prices.js';
import { hasVariedPrices, isOnSale, isSubscribable } from './product-state.js';
import { ProductType, productTypeOf, variantsOf } from './product-type.js';
import { defaultPlanPriceText, planDuration, planPriceTextKey, subscriptionPlanOf } from './subscription-plan.js';
import { get, isObject, textOr } from './values.js';

/** Default "from" text for products whose variants differ in price. */
export const DEFAULT_FROM_TEXT = 'from {fromPrice}';
/** Shown for a subscription product without a usable billing period. */
export const DEFAULT_UNAVAILABLE_TEXT = 'Unavailable';

function localized(ctx: PluginContext, key: string): string {
  return textOr(ctx.resolve(['localizedStrings', key]), '');
}

function oneTimeLines(item: unknown, args: readonly string[], ctx: PluginContext): PriceLines {
  let from: string | undefined;
  if (hasVariedPrices(item)) {
    const price = formatMoneyForDisplay(fromPrice(item), args, ctx);
    const pattern = localized(ctx, 'productPriceFromText') || DEFAULT_FROM_TEXT;
    if (price) from = formatMessage(pattern, { fromPrice: price, price }, ctx);
  }
  return {
    from,
    sale: isOnSale(item) ? formatMoneyForDisplay(salePrice(item), args, ctx) : undefined,
    normal: formatMoneyForDisplay(normalPrice(item), args, ctx),
  };
}

/** What a subscription price line is built from besides the price. */
interface PlanText {
  readonly pattern: string;
  readonly billingPeriodValue: number;
  readonly duration: number;
}

/** One subscription price line: the plan's pattern filled with the formatted price ('' without one). */
function planLine(m: Money, plan: PlanText, args: readonly string[], ctx: PluginContext): string {
  const price = formatMoneyForDisplay(m, args, ctx);
  if (!price) return '';
  return formatMessage(plan.pattern, { billingPeriodValue: plan.billingPeriodValue, duration: plan.duration, fromPrice: price, price }, ctx);
}

function subscriptionLines(item: unknown, args: readonly string[], ctx: PluginContext): PriceLines {
  const plan = subscriptionPlanOf(item);
  if (!plan) return { from: localized(ctx, 'productPriceUnavailable') || DEFAULT_UNAVAILABLE_TEXT };
  const multiple = hasVariedPrices(item);
  const text: PlanText = {
    pattern: localized(ctx, planPriceTextKey(plan, multiple)) || defaultPlanPriceText(plan, multiple),
    billingPeriodValue: plan.periodValue,
    duration: planDuration(plan).value,
  };
  return {
    from: multiple ? planLine(fromPrice(item), text, args, ctx) : undefined,
    sale: isOnSale(item) ? planLine(salePrice(item), text, args, ctx) : undefined,
    normal: planLine(normalPrice(item), text, args, ctx),
  };
}

/** Physical, digital, service and gift card products have a one-time price; paywalls and unknown types do not. */
function hasOneTimePrice(item: unknown): boolean {
  const type = productTypeOf(item);
  return type !== undefined && type !== ProductType.PAYWALL;
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
    else if (hasOneTimePrice(item)) lines = oneTimeLines(item, args, ctx);
    first.set(renderPriceBlock('product-price', lines, ctx));
  },
};
