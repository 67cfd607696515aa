import type { Formatter } from '../../plugin-api.js';
import { escapeAttribute } from '../core/escape.js';
import { productBadge } from './product-state.js';
import { asString, get, getPath, textOr } from './values.js';

/** Default badge texts (spec section 9). */
export const DEFAULT_SOLD_OUT_TEXT = 'sold out';
export const DEFAULT_SALE_TEXT = 'sale';

/**
 * `product-status`: the product badge by priority (spec section 4): sold out (the product's
 * custom sold-out text from `productMerchandisingContext`, else the localized or default
 * text), then sale; no output otherwise.
 */
export const productStatusFormatter: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const item = first.value;
    const badge = productBadge(item);
    if (badge === 'sold-out') {
      const id = asString(get(item, 'id'));
      const custom = id === '' ? '' : asString(getPath(ctx.resolve(['productMerchandisingContext']), [id, 'customSoldOutText']));
      const localized = asString(ctx.resolve(['localizedStrings', 'productSoldOutText']));
      const text = custom || localized || DEFAULT_SOLD_OUT_TEXT;
      first.set(`<div class="product-mark sold-out">${escapeAttribute(text)}</div>`);
    } else if (badge === 'sale') {
      const text = textOr(ctx.resolve(['localizedStrings', 'productSaleText']), DEFAULT_SALE_TEXT);
      first.set(`<div class="product-mark sale">${escapeAttribute(text)}</div>`);
    } else {
      first.set(undefined);
    }
  },
};
