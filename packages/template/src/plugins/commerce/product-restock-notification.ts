import type { Formatter, PluginContext } from '../../plugin-api.js';
import { escapeAttribute } from '../core/escape.js';
import { asArray, asString, get, getPath, isTruthy } from './values.js';

/** Blank lines the established restock markup starts with (kept byte-compatible). */
const LEADING = '\n\n\n\n\n\n';

interface RestockSettings {
  readonly productId: string;
  readonly messages: unknown;
  readonly signUpEnabled: boolean;
  readonly optInByDefault: boolean;
  readonly captcha: boolean;
}

/** A restock message as escaped text. */
function restockMessage(s: RestockSettings, key: string): string {
  return escapeAttribute(asString(get(s.messages, key)));
}

function renderView(view: unknown, s: RestockSettings): string {
  const mailingList = s.signUpEnabled
    ? `  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"${
        s.optInByDefault ? ' checked' : ''
      }>${restockMessage(s, 'mailingListDescription')}</label>`
    : '';
  return (
    `\n<div class="product-restock-notification" data-product-id="${s.productId}"` +
    ` data-variant-id="${escapeAttribute(asString(get(view, 'variantId')))}"${isTruthy(get(view, 'hiddenByDefault')) ? ' hidden' : ''}>` +
    `\n  <span class="product-restock-cta">${restockMessage(s, 'CTAText')}</span>` +
    `\n  <form class="product-restock-form" action="#">` +
    `\n    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="${restockMessage(s, 'placeholderText')}">` +
    `\n    <input class="sqs-editable-button" type="submit" value="${restockMessage(s, 'buttonText')}">` +
    `\n  </form>\n${mailingList}\n${s.captcha ? '  <div class="captcha-container"></div>' : ''}\n</div>\n`
  );
}

/**
 * The restock sign-up boxes of a product item, one per restock notification view of its
 * `productMerchandisingContext` entry: call to action, email form, optional mailing-list
 * checkbox (checked when opted in by default) and a captcha container when the site has a
 * captcha key (spec section 5, restock).
 */
export function renderRestockNotification(item: unknown, ctx: PluginContext): string {
  const productId = asString(get(item, 'id'));
  const merchandising = get(ctx.resolve(['productMerchandisingContext']), productId);
  const settings: RestockSettings = {
    productId: escapeAttribute(productId),
    messages: get(merchandising, 'restockNotificationMessages'),
    signUpEnabled: isTruthy(get(merchandising, 'mailingListSignUpEnabled')),
    optInByDefault: isTruthy(get(merchandising, 'mailingListOptInByDefault')),
    captcha: isTruthy(getPath(ctx.resolve(['website']), ['captchaSettings', 'siteKey'])),
  };
  const views = asArray(get(merchandising, 'restockNotificationViews'));
  return LEADING + views.map((view) => renderView(view, settings)).join('');
}

/** `product-restock-notification`: the restock sign-up boxes of a product item. */
export const productRestockNotificationFormatter: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0];
    if (first) first.set(renderRestockNotification(first.value, ctx));
  },
};
