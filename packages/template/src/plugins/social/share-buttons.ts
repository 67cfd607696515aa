import { mapFormatter, type Formatter, type PluginContext } from '../../plugin-api.js';
import { escapeAttribute } from '../content/html-text.js';
import { asString, getPath, getProp, isTruthy, printValue, resolveIn, sizeOf } from '../content/values.js';

/** `{item|like-button}`: the simple-like button, when the site enables simple liking. */
export const likeButton: Formatter = mapFormatter((item, _args, ctx) => {
  if (!isTruthy(item) || !isTruthy(resolveIn(ctx, item, ['websiteSettings', 'simpleLikingEnabled']))) return '';
  return (
    `\n  <span class="sqs-simple-like" data-item-id="${printValue(resolveIn(ctx, item, ['id']))}" data-like-count="${printValue(resolveIn(ctx, item, ['likeCount']))}">\n` +
    '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n'
  );
});

function firstPresent(item: unknown, ...names: string[]): unknown {
  for (const name of names) {
    const value = getProp(item, name);
    if (value !== undefined) return value;
  }
  return undefined;
}

function shareButtons(ctx: PluginContext, item: unknown, inline: boolean): string {
  const website = ctx.resolve(['website']);
  if (website === undefined || sizeOf(getProp(website, 'shareButtonOptions')) === 0) return '';
  const assetUrl = getProp(item, 'assetUrl') ?? getPath(item, ['mainImage', 'assetUrl']);
  const tag = inline ? 'span' : 'div';
  return (
    `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}"` +
    ` data-system-data-id="${asString(firstPresent(item, 'systemDataId', 'mainImageId'))}"` +
    ` data-asset-url="${asString(assetUrl)}"` +
    ` data-record-type="${asString(getProp(item, 'recordType'))}"` +
    ` data-full-url="${asString(getProp(item, 'fullUrl'))}"` +
    ` data-title="${escapeAttribute(asString(getProp(item, 'title')))}"></${tag}>`
  );
}

/** `{item|social-button}`: the share buttons block, when the site has share button options. */
export const socialButton: Formatter = mapFormatter((item, _args, ctx) => shareButtons(ctx, item, false));

/** `{item|social-button-inline}`: the inline share buttons, when the site has share button options. */
export const socialButtonInline: Formatter = mapFormatter((item, _args, ctx) => shareButtons(ctx, item, true));
