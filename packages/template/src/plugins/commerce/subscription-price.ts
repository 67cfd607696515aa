import type { Formatter, PluginContext } from '../../plugin-api.js';
import { formatMessage } from './message.js';
import { moneyFromNode } from './money.js';
import { formatMoneyForDisplay } from './money-format.js';
import { renderPriceBlock, type PriceLines } from './price-block.js';
import { DEFAULT_FROM_TEXT } from './product-price.js';
import { currentPrice, pricingOptionsOfLowestVariant } from './product-prices.js';
import { hasVariedPrices } from './product-state.js';
import { get, isTruthy, textOr } from './values.js';

function optionLines(item: unknown, option: unknown, args: readonly string[], ctx: PluginContext): PriceLines {
  let from: string | undefined;
  if (hasVariedPrices(item)) {
    const price = formatMoneyForDisplay(currentPrice(option), args, ctx);
    const pattern = textOr(ctx.resolve(['localizedStrings', 'productPriceFromText']), DEFAULT_FROM_TEXT);
    if (price) from = formatMessage(pattern, { fromPrice: price }, ctx);
  }
  return {
    from,
    sale: isTruthy(get(option, 'onSale')) ? formatMoneyForDisplay(moneyFromNode(get(option, 'salePriceMoney')), args, ctx) : undefined,
    normal: formatMoneyForDisplay(moneyFromNode(get(option, 'priceMoney')), args, ctx),
  };
}

/**
 * `subscription-price`: the subscription price block of a product, from the first pricing
 * option of its lowest-priced variant: "from" that option's current price when variants
 * differ, else its sale and original price, else its price. Empty without pricing options.
 */
export const subscriptionPriceFormatter: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const item = first.value;
    const option = pricingOptionsOfLowestVariant(item)[0];
    first.set(renderPriceBlock('subscription-price', option === undefined ? {} : optionLines(item, option, args, ctx), ctx));
  },
};
