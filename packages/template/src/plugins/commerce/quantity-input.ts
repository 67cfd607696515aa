import type { Formatter, PluginContext } from '../../plugin-api.js';
import { escapeAttribute } from '../core/escape.js';
import { showsQuantityInput } from './product-state.js';
import { asString, get, textOr } from './values.js';

/** Quantity input limits (spec section 5): number, min 1, max 9999, step 1, default 1. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
export const QUANTITY_STEP = 1;
export const QUANTITY_DEFAULT = 1;
/** Default label (spec section 9). */
export const DEFAULT_QUANTITY_LABEL = 'Quantity';

/** Blank lines the established quantity markup starts with (kept byte-compatible). */
const LEADING = '\n\n\n';

/** The quantity input markup of a product item, labelled by `localizedStrings.productQuantityInputLabel`. */
export function renderQuantityInput(item: unknown, ctx: PluginContext): string {
  const label = escapeAttribute(textOr(ctx.resolve(['localizedStrings', 'productQuantityInputLabel']), DEFAULT_QUANTITY_LABEL));
  const id = escapeAttribute(asString(get(item, 'id')));
  return (
    `${LEADING}<div class="product-quantity-input" data-item-id="${id}" data-animation-role="content">\n` +
    `  <div class="quantity-label">${label}:</div>\n` +
    `  <input aria-label="${label}" size="4" max="${QUANTITY_MAX}" min="${QUANTITY_MIN}" ` +
    `value="${QUANTITY_DEFAULT}" type="number" step="${QUANTITY_STEP}"></input>\n</div>`
  );
}

/**
 * `quantity-input`: the quantity input of a product item, only where multiple units can be
 * bought (spec section 5); otherwise no output.
 */
export const quantityInputFormatter: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const item = first.value;
    first.set(showsQuantityInput(item, ctx.resolve(['websiteSettings'])) ? renderQuantityInput(item, ctx) : undefined);
  },
};
