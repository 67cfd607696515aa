import type { Formatter, PluginContext } from '../../plugin-api.js';
import { escapeAttribute } from '../core/escape.js';
import { jsonAttribute } from './html.js';
import { formatMessage } from './message.js';
import { asArray, asBoolean, asString, get, isTruthy } from './values.js';

function renderView(view: unknown, text: string, ctx: PluginContext): string {
  const attributes = get(view, 'attributes');
  const variantAttributes = isTruthy(attributes) ? ` data-variant-attributes="${jsonAttribute(attributes)}" hidden` : '';
  const qty = get(view, 'qtyInStock');
  const message = formatMessage(text, { qtyInStock: typeof qty === 'number' ? qty : asString(qty) }, ctx);
  return `\n  <div class="product-scarcity"${variantAttributes}>\n    ${escapeAttribute(message)}\n  </div>\n`;
}

/**
 * The low-stock messages of a product item when scarcity is enabled in its
 * `productMerchandisingContext` entry: one per scarcity view, its text filled with
 * `{qtyInStock}`. Returns undefined when scarcity is off or not configured.
 */
export function renderScarcity(item: unknown, ctx: PluginContext): string | undefined {
  const merchandising = get(ctx.resolve(['productMerchandisingContext']), asString(get(item, 'id')));
  if (!asBoolean(get(merchandising, 'scarcityEnabled'))) return undefined;
  const text = asString(get(merchandising, 'scarcityText'));
  return asArray(get(merchandising, 'scarcityTemplateViews'))
    .map((view) => renderView(view, text, ctx))
    .join('');
}

/** `product-scarcity`: the low-stock messages of a product item; no output when disabled. */
export const productScarcityFormatter: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0];
    if (first) first.set(renderScarcity(first.value, ctx));
  },
};
