import type { Formatter } from '../../plugin-api.js';
import { renderAddToCartButton } from './add-to-cart-button.js';
import { showsQuantityInput } from './product-state.js';
import { renderQuantityInput } from './quantity-input.js';
import { renderVariantsSelect } from './variants-select.js';

/**
 * `product-checkout`: the purchase controls of a product item in page order: option
 * pickers, quantity input (where allowed) and the add-to-cart button.
 */
export const productCheckoutFormatter: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const item = first.value;
    const quantity = showsQuantityInput(item, ctx.resolve(['websiteSettings'])) ? renderQuantityInput(item, ctx) : '';
    first.set((renderVariantsSelect(item, ctx) ?? '') + quantity + renderAddToCartButton(item, ctx));
  },
};
