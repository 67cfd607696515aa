import { mapFormatter, type Formatter } from '../../plugin-api.js';
import { escapeAttribute } from './html-text.js';
import { focalPoint } from './image-meta.js';
import { asString, getProp, isTruthy } from './values.js';

const OVERLAY_COLORS: readonly (readonly [attr: string, key: string])[] = [
  ['topleft', 'topLeftAverage'],
  ['topright', 'topRightAverage'],
  ['bottomleft', 'bottomLeftAverage'],
  ['bottomright', 'bottomRightAverage'],
  ['center', 'centerAverage'],
];

function overlayImage(item: unknown, withColors: boolean): string {
  let out = `<img data-load="false" data-src="${asString(getProp(item, 'assetUrl'))}" `;
  out += `data-image-dimensions="${asString(getProp(item, 'originalSize'))}" `;
  out += `data-image-focal-point="${focalPoint(item)}" `;
  const colorData = getProp(item, 'colorData');
  if (withColors && isTruthy(colorData)) {
    for (const [attr, key] of OVERLAY_COLORS) out += `data-color-${attr}="#${asString(getProp(colorData, key))}" `;
  }
  return `${out}/>`;
}

function overlay(item: unknown, withColors: boolean): string {
  const hasThumbnail = isTruthy(getProp(item, 'mainImageId')) || isTruthy(getProp(item, 'systemDataId'));
  const open = hasThumbnail
    ? `<div class="sqs-video-overlay" style="opacity: 0;">${overlayImage(item, withColors)}`
    : '<div class="sqs-video-overlay no-thumb" style="opacity: 0;">';
  return `${open}<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>`;
}

/**
 * `{item|video [load-false] [color-data]}`: the video wrapper carrying the escaped oEmbed HTML,
 * with a play overlay (thumbnail image, optionally its colours) when the item has `overlay` set.
 */
export const video: Formatter = mapFormatter((item, args) => {
  const oembed = getProp(item, 'oembed');
  const html = escapeAttribute(asString(getProp(oembed, 'html')));
  const provider = asString(getProp(oembed, 'providerName'));
  let out = '<div class="sqs-video-wrapper" ';
  if (args.includes('load-false')) out += ' data-load="false" ';
  out += `data-html="${html}" data-provider-name="${provider}">`;
  if (isTruthy(getProp(item, 'overlay'))) out += overlay(item, args.includes('color-data'));
  return `${out}</div>`;
});
