import { mapFormatter, type Formatter, type PluginContext } from '../../plugin-api.js';
import { IMAGE_BLOCK_TYPE } from './enums.js';
import { escapeAttribute, stripTags } from './html-text.js';
import { asNumber, asString, getPath, getProp, isObject, isTruthy, resolveIn } from './values.js';

/** Longest alt text taken from an item's body (spec section 9). */
export const MAX_ALT_TEXT_LENGTH = 250;

/** Focal point used when an image has none (spec section 9). */
export const DEFAULT_FOCAL_POINT = '0.5,0.5';

/** `x,y` of the image's `mediaFocalPoint`, or the default focal point. */
export function focalPoint(image: unknown): string {
  const point = getProp(image, 'mediaFocalPoint');
  if (point === undefined) return DEFAULT_FOCAL_POINT;
  return `${asNumber(getProp(point, 'x'))},${asNumber(getProp(point, 'y'))}`;
}

/** Alt text derived from an item: its title, else its body without tags (capped), else its filename. */
export function altTextFromFields(item: unknown): string {
  const title = getProp(item, 'title');
  if (isTruthy(title)) return asString(title);
  const body = getProp(item, 'body');
  if (isTruthy(body)) {
    const text = stripTags(asString(body));
    if (text.length > 0) return text.slice(0, MAX_ALT_TEXT_LENGTH);
  }
  const filename = getProp(item, 'filename');
  return isTruthy(filename) ? asString(filename) : '';
}

/** Alt text for an image; inside an image block the item's own `altText` always wins, even when empty. */
export function altText(ctx: PluginContext, image: unknown, scope: unknown = image): string {
  const blockType = resolveIn(ctx, scope, ['blockType']);
  if (blockType !== undefined && asNumber(blockType) === IMAGE_BLOCK_TYPE) {
    return asString(getProp(image, 'altText')).trim();
  }
  return altTextFromFields(image);
}

/**
 * The `data-*` and `alt` attributes describing an image (each followed by a space),
 * or `''` when the image is missing. `escapedAlt` overrides the computed alt text.
 */
export function imageMetaAttributes(ctx: PluginContext, image: unknown, scope: unknown, escapedAlt?: string): string {
  if (image === undefined) return '';
  const assetUrl = asString(getProp(image, 'assetUrl'));
  const alt = escapedAlt ?? escapeAttribute(altText(ctx, image, scope));
  let out = '';
  if (isObject(getProp(image, 'licensedAssetPreview'))) out += 'data-licensed-asset-preview="true" ';
  const componentKey = getProp(image, 'componentKey');
  if (componentKey !== undefined) out += `data-component-key="${asString(componentKey)}" `;
  out += `data-src="${assetUrl}" `;
  out += `data-image="${assetUrl}" `;
  out += `data-image-dimensions="${asString(getProp(image, 'originalSize'))}" `;
  out += `data-image-focal-point="${focalPoint(image)}" `;
  out += `alt="${alt}" `;
  return out;
}

/** `{image|image-meta}`: attributes of the value itself. */
export const imageMeta: Formatter = mapFormatter((value, _args, ctx) => imageMetaAttributes(ctx, value, value));

/** `{item|child-image-meta N}`: attributes of `items[N]` (default 0). */
export const childImageMeta: Formatter = mapFormatter((value, args, ctx) => {
  const index = args.length === 0 ? 0 : parseInt(args[0] ?? '', 10);
  return imageMetaAttributes(ctx, getPath(value, ['items', index]), value);
});

/** `{item|cover-image-meta}`: attributes of `coverImage`. */
export const coverImageMeta: Formatter = mapFormatter((value, _args, ctx) => imageMetaAttributes(ctx, getProp(value, 'coverImage'), value));

/** `{image|image [class]}`: a `<noscript>` fallback plus a lazily loaded `<img>` (class default `thumb-image`). */
export const image: Formatter = mapFormatter((value, args, ctx) => {
  const cls = args.length === 1 ? args[0] : 'thumb-image';
  const alt = escapeAttribute(altText(ctx, value));
  const assetUrl = asString(getProp(value, 'assetUrl'));
  return (
    `<noscript><img src="${assetUrl}" alt="${alt}" /></noscript>` +
    `<img class="${cls}" ${imageMetaAttributes(ctx, value, value, alt)}` +
    `data-load="false" data-image-id="${asString(getProp(value, 'id'))}" data-type="image" />`
  );
});
