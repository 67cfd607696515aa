import type { Formatter } from '../../plugin-api.js';
import { escapeAttribute } from '../core/escape.js';
import { asString, get, textOr } from './values.js';

/** Default quick view label (spec section 9). */
export const DEFAULT_QUICK_VIEW_TEXT = 'Quick View';

/**
 * `product-quick-view [group]`: the quick view button of a product item. The group argument
 * names a field of the item, else a variable in scope, else is used as written.
 */
export const productQuickViewFormatter: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const item = first.value;
    let group = args[0] ?? '';
    if (group !== '') {
      const own = get(item, group);
      const scoped = own === undefined ? ctx.resolve([group]) : own;
      if (scoped !== undefined) group = asString(scoped);
    }
    const text = textOr(ctx.resolve(['localizedStrings', 'productQuickViewText']), DEFAULT_QUICK_VIEW_TEXT);
    first.set(
      `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${escapeAttribute(asString(get(item, 'id')))}"` +
        ` data-group="${escapeAttribute(group)}">${escapeAttribute(text)}</span>`,
    );
  },
};
