import type { Formatter, PluginContext } from '../../plugin-api.js';
import { escapeAttribute } from '../core/escape.js';
import { escapeAttributeKeepAmpersand, jsonAttribute } from './html.js';
import { formatMessage } from './message.js';
import { ProductType, productTypeOf } from './product-type.js';
import { itemVariantOptions, type VariantOption } from './variant-options.js';
import { asString, get, isTruthy, textOr } from './values.js';

/** Default select prompt for gift cards (spec section 9) and for other products. */
export const DEFAULT_GIFT_CARD_SELECT_TEXT = 'Select Value';
export const DEFAULT_SELECT_TEXT = 'Select {variantName}';
/** Default option title for gift cards (whose single option is named "Value") and others. */
export const DEFAULT_GIFT_CARD_DISPLAY_TEXT = 'Value';
export const DEFAULT_DISPLAY_TEXT = '{name}';

/** Whitespace the established variants markup is framed with (kept byte-compatible). */
const LEADING = '\n  \n  \n  \n  \n\n  ';
const TRAILING = '\n';

function localized(ctx: PluginContext, key: string): string {
  return textOr(ctx.resolve(['localizedStrings', key]), '');
}

function renderOption(option: VariantOption, selectText: string, displayText: string, ctx: PluginContext): string {
  const name = escapeAttribute(option.name);
  const prompt = formatMessage(selectText, { variantName: option.name }, ctx);
  const title = escapeAttribute(formatMessage(displayText, { name: option.name }, ctx));
  const choices = option.values.map((value) => {
    const v = escapeAttribute(value);
    return `<option value="${v}">${v}</option>`;
  });
  const radios = option.values.map((value) => {
    const v = escapeAttribute(value);
    const id = `variant-option-${name}-${v}`;
    return (
      `\n      <input type="radio" class="variant-radiobtn" value="${v}" name="variant-option-${name}" id="${id}"/>` +
      `\n      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="${id}">${v}</label>`
    );
  });
  return (
    `\n    <div class="variant-option">\n    <div class="variant-option-title">${title}: </div>` +
    `\n    <div class="variant-select-wrapper">` +
    `\n      <select aria-label="${escapeAttributeKeepAmpersand(prompt)}" data-variant-option-name="${name}">` +
    `\n        <option value="">${escapeAttribute(prompt)}</option>\n        ${choices.join('')}` +
    `\n      </select>\n    </div>\n    <div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">` +
    `${radios.join('')}\n    </div>\n    </div>`
  );
}

/**
 * The option pickers of a product item with several variants: a select and a radio group
 * per option, with the variants (and the subscription plan of subscribable products) as
 * JSON data attributes. Returns undefined when the item has no options to pick.
 */
export function renderVariantsSelect(item: unknown, ctx: PluginContext): string | undefined {
  const options = itemVariantOptions(item);
  if (options.length === 0) return undefined;
  const giftCard = productTypeOf(item) === ProductType.GIFT_CARD;
  const selectText = giftCard
    ? localized(ctx, 'giftCardVariantSelectText') || DEFAULT_GIFT_CARD_SELECT_TEXT
    : localized(ctx, 'productVariantSelectText') || DEFAULT_SELECT_TEXT;
  const displayText = giftCard ? localized(ctx, 'giftCardValueDisplayText') || DEFAULT_GIFT_CARD_DISPLAY_TEXT : DEFAULT_DISPLAY_TEXT;
  const content = get(item, 'structuredContent');
  const subscription = isTruthy(get(content, 'isSubscribable'))
    ? ` data-is-subscribable="true" data-subscription-plan="${jsonAttribute(get(content, 'subscriptionPlan'))}"`
    : '';
  return (
    `${LEADING}<div class="product-variants" data-item-id="${escapeAttribute(asString(get(item, 'id')))}"` +
    ` data-variants="${jsonAttribute(get(content, 'variants'))}"${subscription} data-animation-role="content">` +
    options.map((option) => renderOption(option, selectText, displayText, ctx)).join('') +
    `\n  </div>${TRAILING}`
  );
}

/** `variants-select`: the option pickers of a product item; no output without options. */
export const variantsSelectFormatter: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0];
    if (first) first.set(renderVariantsSelect(first.value, ctx));
  },
};
