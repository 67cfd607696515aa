import type { Formatter, PluginContext } from '../../plugin-api.js';
import { escapeAttribute } from '../core/escape.js';
import { jsonAttribute } from './html.js';
import { asArray, asString, get, isTruthy, textOr } from './values.js';

/** Default button labels (spec section 9). */
export const DEFAULT_ADD_TO_CART_TEXT = 'Add To Cart';
export const DEFAULT_SUBSCRIBE_TEXT = 'Subscribe';

/** Blank lines the established button markup starts with (kept byte-compatible). */
const LEADING = '\n'.repeat(13);

/** A value as escaped attribute text. */
function attrText(value: unknown): string {
  return escapeAttribute(asString(value));
}

function buttonLabel(content: unknown, ctx: PluginContext): string {
  const custom = get(content, 'customAddButtonText');
  if (isTruthy(get(content, 'useCustomAddButtonText')) && isTruthy(custom)) return asString(custom);
  if (isTruthy(get(content, 'isSubscribable'))) {
    return textOr(ctx.resolve(['localizedStrings', 'productSubscribeText']), DEFAULT_SUBSCRIBE_TEXT);
  }
  return textOr(ctx.resolve(['localizedStrings', 'productAddToCartText']), DEFAULT_ADD_TO_CART_TEXT);
}

/**
 * The add-to-cart button markup of a product item: custom label when enabled, else the
 * localized subscribe or add-to-cart text; the additional-fields form (as JSON) when the
 * product has one; the first subscription option for subscribable products.
 */
export function renderAddToCartButton(item: unknown, ctx: PluginContext): string {
  const content = get(item, 'structuredContent');
  const form = get(content, 'additionalFieldsForm');
  const hasForm = isTruthy(get(content, 'additionalFieldsFormId')) && isTruthy(form);
  const subscribable = get(content, 'isSubscribable');
  const options = asArray(get(content, 'productSubscriptionOptions'));
  const label = escapeAttribute(buttonLabel(content, ctx));

  let button =
    '<div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ' +
    `${hasForm ? 'use-form' : ''}" role="button" tabindex="0" data-dynamic-strings` +
    ` data-collection-id="${attrText(get(item, 'collectionId'))}" data-item-id="${attrText(get(item, 'id'))}"` +
    ` data-product-type="${attrText(get(content, 'productType'))}"` +
    ` data-use-custom-label="${attrText(get(content, 'useCustomAddButtonText'))}" `;
  if (isTruthy(subscribable)) button += `data-is-subscription="${attrText(subscribable)}" `;
  button += `data-original-label="${label}" `;
  if (hasForm) button += `data-form="${jsonAttribute(form)}"`;
  if (options.length > 0 && isTruthy(subscribable)) {
    button += `data-subscription-option-id="${attrText(get(options[0], 'id'))}"`;
  }
  return (
    `${LEADING}<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n  ${button}>\n` +
    `    <div class="sqs-add-to-cart-button-inner">${label}</div>\n  </div>\n</div>`
  );
}

/** `add-to-cart-btn`: the add-to-cart button of a product item. */
export const addToCartButtonFormatter: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0];
    if (first) first.set(renderAddToCartButton(first.value, ctx));
  },
};
